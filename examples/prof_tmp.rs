use arimaa::Position;
use std::time::Instant;
fn main() {
    let text = std::fs::read_to_string("/tmp/archive.txt").unwrap();
    let ps: Vec<Position> = text.lines().map(|l| l.parse().unwrap()).collect();
    let mut v = Vec::new();
    for p in &ps { let t = Instant::now(); let g = p.capture_moves(); v.push((t.elapsed().as_nanos(), p.clone(), g.len())); }
    v.sort_by(|a,b| b.0.cmp(&a.0));
    let total: u128 = v.iter().map(|x| x.0).sum();
    println!("total {} ms", total/1_000_000);
    for (t,p,g) in v.iter().take(2) { println!("{t} {g:?}\n{}\n{p}\n{:?}", p.to_diagram(), p.capture_moves()); }
    for th in [1000u128, 10_000, 100_000] { println!("slow(>{th}ns) {}", v.iter().filter(|x| x.0 > th).count()); }
}
