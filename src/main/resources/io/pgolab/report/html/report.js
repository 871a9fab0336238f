/* pgolab's HTML report: draws the charts from the data block (#pgolab-data) with ECharts (SVG renderer, so the page
 * prints as vectors). Tooltip text goes through esc(): names come from configs and commands. */
(function () {
  'use strict';
  var data = JSON.parse(document.getElementById('pgolab-data').textContent);
  var charts = [];
  var BASE = '#5470c6', CAND = '#ee6666';

  function esc(s) {
    return String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;')
      .replace(/"/g, '&quot;').replace(/'/g, '&#39;');
  }

  function fmt(v, unit) {
    if (unit === 's') { return v < 1 ? (v * 1000).toPrecision(4) + ' ms' : v.toFixed(3) + ' s'; }
    return (Math.abs(v) >= 100 ? v.toFixed(0) : v.toPrecision(3)) + ' ' + unit;
  }

  function signed(x, d) { return (x >= 0 ? '+' : '') + x.toFixed(d === undefined ? 2 : d) + '%'; }

  function chart(id, option) {
    var el = document.getElementById(id);
    if (!el) { return; }
    var c = echarts.init(el, null, { renderer: 'svg' });
    c.setOption(option);
    el.setAttribute('data-drawn', 'true');
    charts.push(c);
  }

  /* EXACT: a mark line's precision, the decimals ECharts rounds its value to before drawing it (default 2: a median
   * of 0.3566 s was drawn at 0.36 s, on the 360 ms grid line); 20 keeps every double as it is. */
  var EXACT = 20;

  /* a median as a horizontal line with its label at the right end: above the line (above: true) or below it, so
   * that the upper median's label goes up and the lower one's down and two close medians' labels never overlap */
  function median(name, value, color, unit, above) {
    return { symbol: 'none', silent: false, precision: EXACT, lineStyle: { color: color, type: 'solid', width: 2 },
      label: { formatter: 'median ' + fmt(value, unit), color: color, position: above ? 'insideEndTop' : 'insideEndBottom' },
      data: [{ yAxis: value, name: name }],
      tooltip: { formatter: function () { return esc(name) + ' median: ' + esc(fmt(value, unit)); } } };
  }

  /* every round's sample of both variants (round i of both is one interleaved round), medians as lines */
  function samples(p) {
    function points(xs) { return xs.map(function (v, i) { return [i + 1, v]; }); }
    function series(name, xs, med, color, above) {
      return { name: name, type: 'scatter', symbolSize: 7, itemStyle: { color: color }, data: points(xs),
        markLine: median(name, med, color, p.unit, above) };
    }
    var baseAbove = p.baseline_median >= p.candidate_median;
    chart(p.id + '-samples', {
      animation: false,
      title: { text: p.metric + ' of every round', textStyle: { fontSize: 13 } },
      legend: { top: 22, data: [p.baseline, p.candidate] },
      tooltip: { trigger: 'item', formatter: function (x) {
        if (x.componentType === 'markLine') { return esc(x.name) + ' median: ' + esc(fmt(x.value, p.unit)); }
        return esc(x.seriesName) + ', round ' + x.value[0] + ': ' + esc(fmt(x.value[1], p.unit));
      } },
      grid: { left: 96, right: 24, top: 56, bottom: 36 },
      xAxis: { type: 'value', name: 'round', nameLocation: 'middle', nameGap: 22, minInterval: 1, min: 0,
        max: Math.max(p.baseline_samples.length, p.candidate_samples.length) + 1 },
      /* a tenth of the range free above and below the samples: room for the label under the lower median */
      yAxis: { type: 'value', scale: true, boundaryGap: ['10%', '10%'], axisLabel: { fontSize: 10,  formatter: function (v) { return fmt(v, p.unit); } } },
      series: [series(p.baseline, p.baseline_samples, p.baseline_median, BASE, baseAbove),
        series(p.candidate, p.candidate_samples, p.candidate_median, CAND, !baseAbove)]
    });
  }

  /* the ratio's 95% CI in percent against the band of changes too small to count (±min_effect); the verdict
   * follows from where the interval lies: wholly outside on one side (improved/regressed), wholly inside
   * (no_change), across an edge (inconclusive) */
  function ci(p) {
    var m = p.min_effect_percent;
    var ends = [p.ci_low_percent, p.ci_high_percent, -m, m, 0];
    if (p.bound_percent !== null && p.bound_percent !== undefined) {
      ends.push(p.direction === 'higher_is_better' ? -p.bound_percent : p.bound_percent);
    }
    var lo = Math.min.apply(null, ends), hi = Math.max.apply(null, ends);
    var pad = Math.max((hi - lo) * 0.15, 0.2);
    var lines = [{ xAxis: 0, name: 'no change', lineStyle: { color: '#999', type: 'dashed' }, label: { formatter: '0' } }];
    /* the bound's line has no label of its own (on a wide axis it lies a few pixels from zero and the two labels
     * overlapped): the subtitle names it */
    var bound = '';
    if (p.bound_percent !== null && p.bound_percent !== undefined) {
      var b = p.direction === 'higher_is_better' ? -p.bound_percent : p.bound_percent;
      lines.push({ xAxis: b, name: 'gate bound', lineStyle: { color: '#b71c1c', type: 'solid' }, label: { show: false } });
      bound = '; red line: gate bound ' + signed(b, 1);
    }
    var better = p.direction === 'higher_is_better' ? 'right' : 'left';
    chart(p.id + '-ci', {
      animation: false,
      title: { text: p.verdict.replace(/_/g, ' ') + ': ' + signed(p.change_percent, 1) + ' [' + signed(p.ci_low_percent) + ', '
        + signed(p.ci_high_percent) + ']', subtext: 'change of ' + p.metric + ', 95% CI; better: ' + better
        + '\nshaded: ±' + m + '% (min effect)' + bound, textStyle: { fontSize: 13 }, subtextStyle: { fontSize: 11, lineHeight: 15 } },
      tooltip: { trigger: 'item', formatter: function (x) {
        if (x.componentType === 'markArea') { return 'min effect band: ±' + esc(m) + '%'; }
        if (x.componentType === 'markLine') { return esc(x.name) + ': ' + esc(signed(x.value)); }
        return esc(x.seriesName) + ': ' + esc(signed(x.value[0]));
      } },
      grid: { left: 24, right: 24, top: 74, bottom: 30 },
      xAxis: { type: 'value', min: Math.floor((lo - pad) * 10) / 10, max: Math.ceil((hi + pad) * 10) / 10,
        axisLabel: { showMinLabel: false, showMaxLabel: false, formatter: function (v) { return v + '%'; } } },
      yAxis: { type: 'value', show: false, min: -1, max: 1 },
      series: [
        { name: '95% CI', type: 'line', data: [[p.ci_low_percent, 0], [p.ci_high_percent, 0]], symbol: 'rect', symbolSize: [2, 16],
          lineStyle: { width: 3, color: '#333' }, itemStyle: { color: '#333' },
          markArea: { silent: false, itemStyle: { color: 'rgba(46,125,50,0.15)' }, data: [[{ xAxis: -m }, { xAxis: m }]] },
          markLine: { symbol: 'none', precision: EXACT, data: lines } },
        { name: 'estimate', type: 'scatter', data: [[p.change_percent, 0]], symbolSize: 12, itemStyle: { color: CAND } }
      ]
    });
  }

  /* each step's gain over the first with its CI, beside its build time (own and with training) and binary size */
  function ladder(l) {
    var names = l.steps.map(function (s) { return s.variant; });
    var gains = l.steps.map(function (s) { return s.gain === null ? 0 : s.gain; });
    var bars = l.steps.map(function (s) { return s.ci_low === null ? [] : [[s.variant, s.ci_low], [s.variant, s.ci_high]]; });
    var series = [{ name: 'gain', type: 'bar', xAxisIndex: 0, yAxisIndex: 0, data: gains, itemStyle: { color: '#91cc75' },
      label: { show: true, position: 'top', formatter: function (x) { return x.value === 0 && x.dataIndex === 0 ? 'base' : signed(x.value, 1); } } }];
    bars.forEach(function (b, i) {
      if (b.length) {
        series.push({ name: '95% CI ' + names[i], type: 'line', xAxisIndex: 0, yAxisIndex: 0, data: b, symbol: 'rect',
          symbolSize: [10, 2], lineStyle: { color: '#333', width: 2 }, itemStyle: { color: '#333' } });
      }
    });
    series.push({ name: 'build', type: 'bar', xAxisIndex: 1, yAxisIndex: 1, itemStyle: { color: '#5470c6' },
      data: l.steps.map(function (s) { return s.build_seconds; }) });
    series.push({ name: 'build + training', type: 'bar', xAxisIndex: 1, yAxisIndex: 1, itemStyle: { color: '#a5b4e6' },
      data: l.steps.map(function (s) { return Math.max(s.pipeline_seconds, s.build_seconds); }) });
    series.push({ name: 'binary', type: 'bar', xAxisIndex: 2, yAxisIndex: 2, itemStyle: { color: '#fac858' },
      data: l.steps.map(function (s) { return s.binary_bytes / 1024; }) });
    function axis(i) { return { type: 'category', gridIndex: i, data: names, axisLabel: { interval: 0, rotate: 20 } }; }
    chart(l.id, {
      animation: false,
      title: [{ text: 'gain in ' + l.metric + ' vs ' + names[0] + ' (95% CI)', left: '1%', textStyle: { fontSize: 13 } },
        { text: 'build time (s)', left: '36%', textStyle: { fontSize: 13 } }, { text: 'binary (KiB)', left: '69%', textStyle: { fontSize: 13 } }],
      tooltip: { trigger: 'item', formatter: function (x) {
        var s = l.steps[x.dataIndex] || {};
        if (x.seriesName === 'gain' || x.seriesName.indexOf('95% CI') === 0) {
          return esc(s.variant || x.seriesName) + ': gain ' + (s.gain === null ? 'baseline' : esc(signed(s.gain, 1)) + ' ['
            + esc(signed(s.ci_low, 1)) + ', ' + esc(signed(s.ci_high, 1)) + '], ' + esc(s.verdict));
        }
        return esc(s.variant) + ', ' + esc(x.seriesName) + ': ' + esc(Number(x.value).toFixed(1));
      } },
      grid: [{ left: '4%', width: '27%', top: 40, bottom: 60 }, { left: '38%', width: '27%', top: 40, bottom: 60 },
        { left: '71%', width: '27%', top: 40, bottom: 60 }],
      xAxis: [axis(0), axis(1), axis(2)],
      yAxis: [{ type: 'value', gridIndex: 0, axisLabel: { formatter: '{value}%' } }, { type: 'value', gridIndex: 1 }, { type: 'value', gridIndex: 2 }],
      series: series
    });
  }

  try {
    data.pairs.forEach(function (p) { samples(p); ci(p); });
    data.ladders.forEach(ladder);
    data.flames.forEach(function (f) {
      var el = document.getElementById(f.id);
      if (el) { PgolabFlame.mount(el, f, data.profiles); el.setAttribute('data-drawn', 'true'); }
    });
    document.body.setAttribute('data-report', 'drawn');
  } catch (e) {
    document.body.setAttribute('data-report', 'failed');
    throw e;
  }
  window.addEventListener('resize', function () { charts.forEach(function (c) { c.resize(); }); });
  window.addEventListener('beforeprint', function () {
    document.querySelectorAll('details').forEach(function (d) { d.open = true; });
  });
})();
