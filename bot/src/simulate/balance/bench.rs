//! `simulate --bench` (the cost of one game, for the speed figures) and `simulate --table`
//! (the whole grid of layouts, difficulties and player counts, written as the report).

use super::*;

/// Games per minute on one thread and on every core.
pub(super) fn bench(args: &SimulateArgs, cell: &Cell, policy: Policy) -> anyhow::Result<()> {
    let games = args.games.unwrap_or(2000);
    let all = threads(args);
    let mut rows = Vec::new();
    for t in [1, all] {
        let n = if t == 1 {
            games.div_ceil(all.max(1))
        } else {
            games
        };
        let start = Instant::now();
        let results = run_cells(
            std::slice::from_ref(cell),
            n,
            policy,
            &args.seed,
            t,
            &ProgressBar::hidden(),
        )?;
        let secs = start.elapsed().as_secs_f64();
        let per_minute = n as f64 * 60.0 / secs;
        let turns: u64 = results[0].iter().map(|g| u64::from(g.turns)).sum();
        rows.push(serde_json::json!({
            "threads": t,
            "games": n,
            "seconds": secs,
            "games_per_minute": per_minute,
            "ms_per_game": 1000.0 * secs / n as f64 * t as f64,
            "us_per_turn": 1e6 * secs * t as f64 / turns.max(1) as f64,
        }));
        if t == all {
            break;
        }
    }
    if args.json {
        println!("{}", serde_json::to_string_pretty(&rows)?);
    } else {
        println!(
            "{} with {} {} players at {}:",
            cell.layout, cell.players, policy, cell.difficulty
        );
        for r in &rows {
            println!(
                "  {} thread(s): {:.0} games/minute ({} games in {:.2} s; {:.2} ms per game per thread, {:.1} µs per turn)",
                r["threads"],
                r["games_per_minute"].as_f64().unwrap_or(0.0),
                r["games"],
                r["seconds"].as_f64().unwrap_or(0.0),
                r["ms_per_game"].as_f64().unwrap_or(0.0),
                r["us_per_turn"].as_f64().unwrap_or(0.0),
            );
        }
    }
    Ok(())
}

/// Every preset × 2–6 players × the four difficulties, plus the comparisons the report's
/// analysis needs; writes `balance.md` and `balance.png`.
pub(super) fn table(args: &SimulateArgs, policy: Policy) -> anyhow::Result<()> {
    let games = args.games.unwrap_or(200);
    let mut cells = Vec::new();
    for (name, _) in PRESETS {
        for players in 2..=6 {
            for difficulty in Difficulty::ALL {
                cells.push(Cell {
                    layout: name.to_string(),
                    players,
                    difficulty,
                });
            }
        }
    }
    // Baselines at medium with 2 and 4 players: random, and the heuristic blind to the
    // robot (how much the robot matters).
    let baseline_cells: Vec<Cell> = PRESETS
        .iter()
        .flat_map(|(name, _)| {
            [2, 4].map(|players| Cell {
                layout: name.to_string(),
                players,
                difficulty: Difficulty::Medium,
            })
        })
        .collect();
    let threads = threads(args);
    let total = (cells.len() + 2 * baseline_cells.len()) * games + 3 * (games / 10).max(10);
    let bar = progress_bar(total, args.json);
    let start = Instant::now();
    let main = run_cells(&cells, games, policy, &args.seed, threads, &bar)?;
    let random = run_cells(
        &baseline_cells,
        games,
        Policy::Random,
        &args.seed,
        threads,
        &bar,
    )?;
    let careless = run_cells(
        &baseline_cells,
        games,
        Policy::Careless,
        &args.seed,
        threads,
        &bar,
    )?;
    let search = Policy::Search {
        iterations: SEARCH_BASELINE_ITERATIONS,
    };
    let search_games = (games / 10).max(10);
    let search_cells: Vec<Cell> = [("single", 2), ("duo", 2), ("pyramid", 4)]
        .map(|(layout, players)| Cell {
            layout: layout.to_string(),
            players,
            difficulty: Difficulty::Medium,
        })
        .to_vec();
    let searched = run_cells(
        &search_cells,
        search_games,
        search,
        &args.seed,
        threads,
        &bar,
    )?;
    bar.finish_and_clear();
    let elapsed = start.elapsed();
    let measured = report::Measured {
        policy,
        games,
        seed: args.seed.clone(),
        threads,
        elapsed,
        main: cells
            .iter()
            .zip(&main)
            .map(|(c, g)| (c.clone(), Summary::new(c, policy, g), g.clone()))
            .collect(),
        random: baseline_cells
            .iter()
            .zip(&random)
            .map(|(c, g)| Summary::new(c, Policy::Random, g))
            .collect(),
        careless: baseline_cells
            .iter()
            .zip(&careless)
            .map(|(c, g)| Summary::new(c, Policy::Careless, g))
            .collect(),
        search: search_cells
            .iter()
            .zip(&searched)
            .map(|(c, g)| Summary::new(c, search, g))
            .collect(),
    };
    fs::create_dir_all(&args.out)
        .with_context(|| format!("Failed to create {}", args.out.display()))?;
    let md_path = args.out.join("balance.md");
    let png_path = args.out.join("balance.png");
    fs::write(&md_path, report::markdown(&measured))
        .with_context(|| format!("Failed to write {}", md_path.display()))?;
    fs::write(&png_path, chart::png(&measured))
        .with_context(|| format!("Failed to write {}", png_path.display()))?;
    if args.json {
        let rows: Vec<&Summary> = measured.main.iter().map(|(_, s, _)| s).collect();
        println!("{}", serde_json::to_string_pretty(&rows)?);
    } else {
        println!(
            "{} games ({} per cell, {} threads) in {:.1} s; wrote {} and {}",
            total,
            games,
            threads,
            elapsed.as_secs_f64(),
            md_path.display(),
            png_path.display()
        );
    }
    Ok(())
}
