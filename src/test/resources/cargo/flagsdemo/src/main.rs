use std::hint::black_box;

#[inline(never)]
fn cold(x: u64) -> u64 {
    x.wrapping_mul(7).wrapping_add(3)
}

#[inline(never)]
fn hot_loop(n: u64) -> u64 {
    let mut s: u64 = 0;
    for i in 0..n {
        if i % 7 == 0 {
            s = s.wrapping_add(cold(i));
        } else {
            s ^= i;
        }
    }
    s
}

#[inline(never)]
fn never_called(x: u64) -> u64 {
    x / 3 + 1
}

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let n: u64 = args.get(1).and_then(|a| a.parse().ok()).unwrap_or(100_000);
    println!(
        "flags: env={} config_target={} config_cfg={} config_build={} debug_assertions={}",
        cfg!(from_env), cfg!(from_config_target), cfg!(from_config_cfg), cfg!(from_config_build),
        cfg!(debug_assertions)
    );
    println!("result={}", hot_loop(black_box(n)));
    if args.len() > 5 {
        println!("{}", never_called(args.len() as u64));
    }
}
