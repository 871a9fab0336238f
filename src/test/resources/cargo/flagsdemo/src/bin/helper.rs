fn main() {
    let n: usize = std::env::args().nth(1).and_then(|a| a.parse().ok()).unwrap_or(1000);
    let v: Vec<u64> = (0..n as u64).map(|i| i * i % 1009).collect();
    println!("helper sum={} env={}", v.iter().sum::<u64>(), cfg!(from_env));
}
