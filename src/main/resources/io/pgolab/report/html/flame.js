/* pgolab's flamegraph: folded stacks drawn as SVG, root at the bottom; hover shows a frame's samples and share, a
 * click zooms into it, search highlights the frames whose name matches and sums their samples. With a base
 * profile the graph is differential: the candidate's frames, each coloured by the change of its own (self) share of
 * all samples on the same call path (red: a larger share than in the base, blue: smaller, grey: a change within the
 * sampling error of the two runs' samples). Every name is set as text (textContent), never as markup. */
(function (global) {
  'use strict';
  var SVGNS = 'http://www.w3.org/2000/svg';
  var ROW = 16;
  var MIN_WIDTH = 0.5; /* frames narrower than this many pixels are not drawn (their samples stay in their parent's width) */

  /* frames by name in objects without a prototype: a function may be called 'constructor' (Lua's parser has
   * one) or '__proto__', which a plain {} would resolve to Object's own members */
  function tree(stacks) {
    var root = { name: 'all', value: 0, kids: Object.create(null), parent: null, depth: 0 };
    Object.keys(stacks).forEach(function (stack) {
      var n = stacks[stack];
      root.value += n;
      var node = root;
      stack.split(';').forEach(function (f) {
        var c = node.kids[f];
        if (!c) {
          c = node.kids[f] = { name: f, value: 0, kids: Object.create(null), parent: node, depth: node.depth + 1 };
        }
        c.value += n;
        node = c;
      });
    });
    return root;
  }

  function children(node) {
    return Object.keys(node.kids).sort().map(function (k) { return node.kids[k]; });
  }

  /* the deepest frame wide enough to be drawn at this scale (pixels per sample) */
  function depthOf(node, scale) {
    var d = node.depth;
    children(node).forEach(function (c) { if (c.value * scale >= MIN_WIDTH) { d = Math.max(d, depthOf(c, scale)); } });
    return d;
  }

  function lookup(root, node) {
    var names = [];
    for (var n = node; n.parent; n = n.parent) { names.unshift(n.name); }
    var at = root;
    for (var i = 0; i < names.length && at; i++) { at = at.kids[names[i]]; }
    return at || null;
  }

  function pct(x) { return (x * 100).toFixed(2) + '%'; }

  function hot(name) {
    var h = 0;
    for (var i = 0; i < name.length; i++) { h = (h * 31 + name.charCodeAt(i)) >>> 0; }
    var a = (h % 1000) / 1000, b = ((h >>> 10) % 1000) / 1000;
    if (name.charAt(0) === '[') { return 'rgb(' + Math.round(190 + 40 * a) + ',' + Math.round(190 + 40 * a) + ',' + Math.round(80 + 40 * b) + ')'; }
    return 'rgb(' + Math.round(205 + 50 * a) + ',' + Math.round(80 + 150 * b) + ',' + Math.round(55 * a) + ')';
  }

  /* spec: the page's flame entry; profiles: the page's profiles by key (each held once) */
  function Flame(el, spec, profiles) {
    this.el = el;
    this.spec = spec;
    this.root = tree(profiles[spec.profile_key].stacks);
    this.base = spec.base_key ? tree(profiles[spec.base_key].stacks) : null;
    this.zoom = this.root;
    this.query = '';
    if (this.base) { this.maxDelta = this.deltas(this.root, 1e-9); }
    var bar = document.createElement('div');
    bar.className = 'toolbar';
    this.input = document.createElement('input');
    this.input.type = 'search';
    this.input.className = 'flame-search';
    this.input.placeholder = 'search frames (regular expression)';
    var reset = document.createElement('button');
    reset.type = 'button';
    reset.className = 'flame-reset';
    reset.textContent = 'reset zoom';
    this.matched = document.createElement('span');
    this.matched.className = 'flame-matched';
    bar.appendChild(this.input);
    bar.appendChild(reset);
    bar.appendChild(this.matched);
    this.status = document.createElement('div');
    this.status.className = 'status';
    this.status.textContent = 'hover a frame';
    this.svg = document.createElementNS(SVGNS, 'svg');
    el.appendChild(bar);
    el.appendChild(this.status);
    el.appendChild(this.svg);
    var self = this;
    this.input.addEventListener('input', function () { self.search(self.input.value); });
    reset.addEventListener('click', function () { self.zoomTo(self.root); });
    this.draw();
  }

  /* samples in the frame itself, not in its callees */
  function selfOf(node) {
    var v = node.value;
    children(node).forEach(function (c) { v -= c.value; });
    return v;
  }

  /* the 95% sampling error of the difference of two shares k1/n1 - k0/n0: a two-proportion test with Yates'
   * continuity correction, as SamplingError.java; a change within it is as likely noise as a change, so not coloured */
  function margin(k1, n1, k0, n0) {
    var p = (k1 + k0) / (n1 + n0);
    return 1.959964 * Math.sqrt(p * (1 - p) * (1 / n1 + 1 / n0)) + 0.5 * (1 / n1 + 1 / n0);
  }

  /* the base's shares of the same call path, and the change of the frame's own (self) share, whose largest size
   * scales the differential colours: where the time moved, as in Gregg's difffolded graphs */
  Flame.prototype.deltas = function (node, max) {
    var b = lookup(this.base, node);
    node.baseShare = b ? b.value / this.base.value : 0;
    node.baseSelf = b ? selfOf(b) / this.base.value : 0;
    node.selfShare = selfOf(node) / this.root.value;
    node.delta = node.selfShare - node.baseSelf;
    node.margin = margin(selfOf(node), this.root.value, b ? selfOf(b) : 0, this.base.value);
    node.beyond = Math.abs(node.delta) > node.margin;
    if (node.beyond) { max = Math.max(max, Math.abs(node.delta)); }
    var self = this;
    children(node).forEach(function (c) { max = self.deltas(c, max); });
    return max;
  };

  Flame.prototype.color = function (node) {
    if (!this.base) { return hot(node.name); }
    /* square root: a change a quarter the size of the largest is still half as intense, so it shows */
    if (!node.beyond) { return 'rgb(235,235,235)'; }
    var t = Math.sqrt(Math.min(1, Math.abs(node.delta) / this.maxDelta));
    var c = Math.round(235 - 180 * t);
    return node.delta > 0 ? 'rgb(255,' + c + ',' + c + ')' : node.delta < 0 ? 'rgb(' + c + ',' + c + ',255)' : 'rgb(235,235,235)';
  };

  Flame.prototype.label = function (node) {
    var s = node.name + ' — ' + node.value.toLocaleString('en-US') + ' samples (' + pct(node.value / this.root.value) + ')';
    if (this.base) {
      s += '; self ' + pct(node.baseSelf) + ' in ' + this.spec.base_variant + ' → ' + pct(node.selfShare)
        + ' (' + (node.delta >= 0 ? '+' : '') + (node.delta * 100).toFixed(2) + ' points, '
        + (node.beyond ? 'beyond' : 'within') + ' ±' + (node.margin * 100).toFixed(2) + '), with callees '
        + pct(node.baseShare) + ' → ' + pct(node.value / this.root.value);
    }
    return s;
  };

  Flame.prototype.draw = function () {
    var width = Math.max(300, this.el.clientWidth || 1000);
    var depth = depthOf(this.zoom, width / this.zoom.value);
    var height = (depth + 1) * ROW;
    var svg = this.svg;
    while (svg.firstChild) { svg.removeChild(svg.firstChild); }
    svg.setAttribute('viewBox', '0 0 ' + width + ' ' + height);
    svg.setAttribute('height', String(height));
    var self = this, drawn = 0, hidden = 0;
    function frame(node, x, w, cls) {
      var g = document.createElementNS(SVGNS, 'g');
      g.setAttribute('class', 'frame' + (cls ? ' ' + cls : ''));
      var y = height - (node.depth + 1) * ROW;
      var r = document.createElementNS(SVGNS, 'rect');
      r.setAttribute('x', x.toFixed(2));
      r.setAttribute('y', String(y));
      r.setAttribute('width', Math.max(0.5, w - 0.5).toFixed(2));
      r.setAttribute('height', String(ROW - 1));
      r.setAttribute('fill', self.color(node));
      var title = document.createElementNS(SVGNS, 'title');
      title.textContent = self.label(node);
      g.appendChild(title);
      g.appendChild(r);
      if (w > 28) {
        var t = document.createElementNS(SVGNS, 'text');
        t.setAttribute('x', (x + 3).toFixed(2));
        t.setAttribute('y', String(y + ROW - 4));
        var fit = Math.floor((w - 6) / 6.7);
        t.textContent = node.name.length <= fit ? node.name : node.name.substring(0, Math.max(0, fit - 2)) + '..';
        g.appendChild(t);
      }
      g.pgolabNode = node;
      g.addEventListener('mouseover', function () { self.status.textContent = self.label(node); });
      g.addEventListener('click', function () { self.zoomTo(node); });
      svg.appendChild(g);
      drawn++;
    }
    for (var a = this.zoom.parent; a; a = a.parent) { frame(a, 0, width, 'ancestor'); }
    var scale = width / this.zoom.value;
    (function place(node, x) {
      var w = node.value * scale;
      if (w < MIN_WIDTH) { hidden++; return; }
      frame(node, x, w, '');
      children(node).forEach(function (c) { place(c, x); x += c.value * scale; });
    })(this.zoom, 0);
    this.el.setAttribute('data-frames', String(drawn));
    this.el.setAttribute('data-hidden', String(hidden));
    this.el.setAttribute('data-zoom', this.zoom.name);
    if (this.query) { this.search(this.query); }
  };

  Flame.prototype.zoomTo = function (node) {
    this.zoom = node.value > 0 ? node : this.root;
    this.draw();
  };

  /* highlights the drawn frames whose name matches and sums the samples of every matching frame in the whole
   * profile, a frame inside a matching one counted once (with its outermost match) */
  Flame.prototype.search = function (q) {
    this.query = q;
    var re = null;
    if (q) {
      try { re = new RegExp(q); } catch (e) { re = new RegExp(q.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')); }
    }
    var frames = this.svg.querySelectorAll('g.frame');
    var count = 0;
    for (var i = 0; i < frames.length; i++) {
      var hit = re !== null && re.test(frames[i].pgolabNode.name);
      frames[i].classList.toggle('match', hit);
      if (hit) { count++; }
    }
    var sum = 0;
    (function walk(node) {
      if (re !== null && node.parent && re.test(node.name)) { sum += node.value; return; }
      children(node).forEach(walk);
    })(this.root);
    this.el.setAttribute('data-matched-frames', String(count));
    this.el.setAttribute('data-matched-samples', String(sum));
    this.matched.textContent = re === null ? '' : 'matched: ' + sum.toLocaleString('en-US') + ' samples ('
      + pct(sum / this.root.value) + ' of all), ' + count + ' frames shown';
  };

  global.PgolabFlame = {
    instances: [],
    tree: tree,
    mount: function (el, spec, profiles) {
      var f = new Flame(el, spec, profiles);
      this.instances.push(f);
      return f;
    }
  };
})(window);
