use std::time::Instant;
fn main() {
    let max_cards: usize = std::env::args().nth(1).map_or(20, |a| a.parse().unwrap());
    let data = std::fs::read_to_string("crates/dd/tests/data/dd-positions.jsonl").unwrap();
    let mut solver = dd::Solver::new();
    let (mut ok, mut bad) = (0, 0);
    let t = Instant::now();
    for line in data.lines() {
        let v: serde_json::Value = serde_json::from_str(line).unwrap();
        let remaining: cards::Deal = v["remaining"].as_str().unwrap().parse().unwrap();
        let trick: Vec<cards::Card> = v["trick"]
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_str().unwrap().parse().unwrap())
            .collect();
        if remaining.all_cards().len() + trick.len() > max_cards {
            continue;
        }
        let pos = bridge::Position::new(
            remaining,
            v["trump"].as_str().unwrap().parse().unwrap(),
            v["leader"].as_str().unwrap().parse().unwrap(),
            &trick,
        )
        .unwrap();
        if std::env::var("FRESH").is_ok() {
            solver = dd::Solver::with_table_size(10);
        }
        let vals = solver.card_values(&pos);
        let good = vals
            .iter()
            .all(|cv| v["tricks"][cv.card.to_string()].as_u64() == Some(cv.tricks as u64))
            && vals.len() == v["tricks"].as_object().unwrap().len();
        if good {
            ok += 1
        } else {
            bad += 1;
            if bad < 5 {
                println!(
                    "MISMATCH id {} {:?} ours {:?} dds {}",
                    v["id"], pos, vals, v["tricks"]
                );
            }
        }
    }
    println!(
        "ok {ok} bad {bad} in {:?}, nodes {} {:?}",
        t.elapsed(),
        solver.nodes(),
        solver.stats()
    );
}
