//! The report's analysis: what the measured grid says about each difficulty, the robot,
//! the special rooms and the keys, and the house rules it proposes.

use super::*;

pub(super) fn analysis(out: &mut String, m: &Measured) {
    let _ = writeln!(out, "## Analysis\n");
    let proposals = difficulty_analysis(out, m);
    robot_analysis(out, m);
    special_analysis(out, m);
    keys_analysis(out, m);
    house_rules(out, m, &proposals);
}

/// Dawn's X per difficulty, as in the rules table (2X / 2).
fn x_of(d: Difficulty) -> f64 {
    f64::from(STANDARD.dawn_twice_x[d as usize]) / 2.0
}

/// The X at which the mean escape share would reach `target`, by piecewise-linear
/// interpolation over the measured (X, share) points, extrapolating with the end slopes.
fn x_for(points: &[(f64, f64)], target: f64) -> Option<f64> {
    let mut pts = points.to_vec();
    pts.sort_by(|a, b| a.0.total_cmp(&b.0));
    for w in pts.windows(2) {
        let ((x0, y0), (x1, y1)) = (w[0], w[1]);
        if (y0..=y1).contains(&target) && y1 > y0 {
            return Some(x0 + (target - y0) * (x1 - x0) / (y1 - y0));
        }
    }
    let (first, last) = (pts.first()?, pts.last()?);
    let slope = |a: (f64, f64), b: (f64, f64)| (b.1 - a.1) / (b.0 - a.0);
    if target > last.1 {
        let k = slope(pts[pts.len() - 2], *last);
        (k > 0.0).then(|| last.0 + (target - last.1) / k)
    } else {
        let k = slope(*first, pts[1]);
        (k > 0.0).then(|| first.0 - (first.1 - target) / k)
    }
}

/// Targets for the mean escape share of a careful group, easiest first.
const TARGETS: [f64; 4] = [0.8, 0.6, 0.4, 0.15];

fn difficulty_analysis(out: &mut String, m: &Measured) -> Vec<(Difficulty, f64, Option<f64>)> {
    let means: Vec<(Difficulty, f64, f64, f64)> = Difficulty::ALL
        .iter()
        .map(|d| {
            let shares: Vec<f64> = m.by_difficulty(*d).iter().map(|s| s.escape_share).collect();
            let lo = shares.iter().copied().fold(1.0, f64::min);
            let hi = shares.iter().copied().fold(0.0, f64::max);
            (*d, mean(shares), lo, hi)
        })
        .collect();
    let _ = writeln!(
        out,
        "### Is `easy` easy, and `impossible` nearly impossible?\n\n\
         Mean share of players escaping over all presets and player counts (lowest and \
         highest cell in brackets):\n"
    );
    for (d, avg, lo, hi) in &means {
        let _ = writeln!(
            out,
            "- `{d}` (X = {}): **{}** ({}–{})",
            x_of(*d),
            pct(*avg),
            pct(*lo),
            pct(*hi)
        );
    }
    let easy = means[0].1;
    let impossible = means[3].1;
    let _ = writeln!(out);
    let verdict_easy = if easy >= 0.8 {
        "`easy` is easy: a careful group gets out most of the time."
    } else if easy >= 0.6 {
        "`easy` is winnable but not easy: a careful group still leaves one player in three or four behind."
    } else {
        "`easy` is not easy: a careful group loses about half of its players."
    };
    let verdict_impossible = if impossible <= 0.1 {
        "`impossible` is nearly impossible, as named."
    } else if impossible <= 0.3 {
        "`impossible` is hard rather than impossible: a careful group still gets a quarter or so out."
    } else {
        "`impossible` is far from impossible."
    };
    let _ = writeln!(out, "{verdict_easy} {verdict_impossible}\n");
    let gains: Vec<f64> = m
        .search
        .iter()
        .filter_map(|s| {
            m.cell(&s.layout, s.players, Difficulty::Medium)
                .map(|h| s.escape_share - h.escape_share)
        })
        .collect();
    if !gains.is_empty() {
        let gain = mean(gains.iter().copied());
        let _ = writeln!(
            out,
            "These are the heuristic's numbers. The `search` player, which looks ahead with \
             the engine, escapes {} points more often on the cells where it was measured \
             (see the baselines): a strong group finds each level that much easier, so for \
             it `easy` is about {} and `medium` about {}.\n",
            (100.0 * gain).round(),
            pct((easy + gain).min(1.0)),
            pct((means[1].1 + gain).min(1.0)),
        );
    }
    // Per preset: how much does the difficulty change anything?
    let _ = writeln!(
        out,
        "The ladder is not equally steep everywhere. Mean escape share per preset, easy → \
         impossible:\n"
    );
    for (preset, _) in PRESETS {
        let row: Vec<String> = Difficulty::ALL
            .iter()
            .map(|d| {
                pct(mean(
                    m.main
                        .iter()
                        .filter(|(c, _, _)| c.layout == preset && c.difficulty == *d)
                        .map(|(_, s, _)| s.escape_share),
                ))
            })
            .collect();
        let _ = writeln!(out, "- `{preset}`: {}", row.join(" → "));
    }
    let _ = writeln!(
        out,
        "\nOn the one-floor buildings (`single`, `duo`) the difficulty matters least: the \
         game is decided in its first minutes by where the players are drawn (a start on a \
         key token is a free key) and by the robot, which on a 3×3 floor can reach almost \
         every cell; dawn comes so early for large groups that it hardly separates the \
         levels. On `tower` (one module per floor, 7, 14 and 21 keys with only 4 tokens on \
         each floor) every level is hard, and on `grand` every level but `impossible` is \
         comfortable: its large floors leave room to keep away from the robot and to search \
         in parallel.\n"
    );
    // Player count.
    let by_players: Vec<(usize, f64)> = (2..=6)
        .map(|n| {
            (
                n,
                mean(
                    m.main
                        .iter()
                        .filter(|(c, _, _)| c.players == n && c.difficulty == Difficulty::Medium)
                        .map(|(_, s, _)| s.escape_share),
                ),
            )
        })
        .collect();
    let _ = write!(
        out,
        "Dawn is `X × 7 × modules / players`: each player gets fewer minutes in a larger \
         group, on the idea that more searchers find the keys sooner. At `medium` the mean \
         escape share by group size is"
    );
    for (n, s) in &by_players {
        let _ = write!(out, " {n} players {};", pct(*s));
    }
    let spread = by_players.iter().map(|x| x.1).fold(0.0, f64::max)
        - by_players.iter().map(|x| x.1).fold(1.0, f64::min);
    let _ = writeln!(
        out,
        " a spread of {} points{}.\n",
        (100.0 * spread).round(),
        if spread > 0.15 {
            ": the formula does not keep the difficulty constant across group sizes (larger \
             groups lose more to the limit marker and to the robot's catches)"
        } else {
            ": the formula keeps the difficulty roughly constant across group sizes, slightly \
             against larger groups (more of them time out after the first exit)"
        }
    );
    let points: Vec<(f64, f64)> = means
        .iter()
        .map(|(d, avg, _, _)| (x_of(*d), *avg))
        .collect();
    Difficulty::ALL
        .iter()
        .zip(TARGETS)
        .zip(&means)
        .map(|((d, target), (_, avg, _, _))| {
            let x = if (avg - target).abs() > 0.1 {
                x_for(&points, target)
            } else {
                None
            };
            (*d, target, x)
        })
        .collect()
}

fn robot_analysis(out: &mut String, m: &Measured) {
    let medium: Vec<&(Cell, Summary, Vec<GameStats>)> = m
        .main
        .iter()
        .filter(|(c, _, _)| c.difficulty == Difficulty::Medium)
        .collect();
    let catches = mean(medium.iter().map(|(_, s, _)| s.catches_per_game));
    let keys_lost = mean(medium.iter().map(|(_, s, _)| s.keys_lost_to_robot));
    let per_player = mean(
        medium
            .iter()
            .map(|(_, s, _)| s.catches_per_game / s.players as f64),
    );
    let all: Vec<&GameStats> = m.all_games().collect();
    let total: u64 = all.iter().map(|g| u64::from(g.catches)).sum();
    let small: u64 = all.iter().map(|g| u64::from(g.catches_one_module)).sum();
    let pairs: Vec<(f64, f64)> = m
        .careless
        .iter()
        .filter_map(|c| {
            m.cell(&c.layout, c.players, Difficulty::Medium)
                .map(|h| (c.escape_share, h.escape_share))
        })
        .collect();
    let careless = mean(pairs.iter().map(|p| p.0));
    let careful = mean(pairs.iter().map(|p| p.1));
    let careless_catches = mean(m.careless.iter().map(|s| s.catches_per_game));
    let verdict = if careful - careless > 0.05 {
        "Yes."
    } else {
        "Less than the seed feared."
    };
    let _ = writeln!(
        out,
        "### Does the robot matter?\n\n\
         {verdict} At `medium` the robot catches {catches:.1} players per game on average \
         ({per_player:.2} per player) even though the careful player predicts its every move; \
         each catch costs 5 minutes and 2 of the group's keys, {keys_lost:.1} keys per game \
         against 7 needed per module. A group that ignores it (the `careless` player) is \
         caught {careless_catches:.1} times per game and escapes {} of the time where the \
         careful group escapes {} (same cells, same seeds). Over the whole table {} of the \
         catches happened on one-module floors (every top floor, and all of `single` and \
         `tower`): there a 3×3 room leaves almost no cell out of its three steps, and the \
         only shelter is the immunity rule (every acting player in one cell), which a group \
         can use only by moving as one.\n",
        pct(careless),
        pct(careful),
        pct(small as f64 / total.max(1) as f64),
    );
}

fn special_analysis(out: &mut String, m: &Measured) {
    let o = special_odds();
    let games: Vec<&GameStats> = m.all_games().collect();
    let rolls: u64 = games.iter().map(|g| u64::from(g.specials)).sum();
    let per = |f: &dyn Fn(&GameStats) -> i64| {
        games.iter().map(|g| f(g)).sum::<i64>() as f64 / rolls.max(1) as f64
    };
    let keys = per(&|g| g.special_keys);
    let food = per(&|g| g.special_food);
    let time = per(&|g| g.special_time);
    let alarms: u64 = games.iter().map(|g| u64::from(g.special_alarms)).sum();
    let alarm_catches: u64 = games.iter().map(|g| u64::from(g.alarm_catches)).sum();
    let search1 = search_ev(1);
    let alarm_rate = alarm_catches as f64 / alarms.max(1) as f64;
    let alarm_risk = pct(o.alarm * alarm_rate);
    let _ = writeln!(
        out,
        "### Is the special table symmetric in effect?\n\n\
         No, and that is by design. On paper (2d6 odds) {good} of rolls help, {bad} hurt, \
         and the alarm test ({alarm}) helps or hurts depending on where the robot is. One \
         roll is worth on average {keys:+.2} keys, {minutes:+.2} minutes of the roller's \
         time and {food:+.2} food (for a roller with food to bargain): the helpful side is \
         both more likely and larger (the master keycard's +3 keys outweighs the dropped key \
         and the tripwire), as the seed asked (\"losses smaller than gains\"). But it is \
         weak: a special roll costs a minute and yields about {keys:.2} keys, while a first \
         search of a key room yields {search1:.2}, so a careful player opens special rooms \
         only when nothing better is at hand.\n\n\
         Measured over every game of the table ({rolls} special rolls): {mkeys:+.2} keys, \
         {mtime:+.2} minutes and {mfood:+.2} food per roll (rollers often have no food to \
         bargain with). The alarm test is harsher than its place in the middle of the table \
         suggests: the {alarms} alarm tests caught {alarm_catches} players ({alarm_rate:.2} per \
         test), since the robot is rarely more than three steps from a lone player, so a \
         special roll also carries about a {alarm_risk} risk of costing the group 2 keys and \
         someone 5 minutes.\n",
        good = pct(o.good),
        bad = pct(o.bad),
        alarm = pct(o.alarm),
        keys = o.keys,
        minutes = o.minutes,
        food = o.food,
        mkeys = keys,
        mtime = time,
        mfood = food,
    );
}

fn keys_analysis(out: &mut String, m: &Measured) {
    let medium: Vec<&(Cell, Summary, Vec<GameStats>)> = m
        .main
        .iter()
        .filter(|(c, _, _)| c.difficulty == Difficulty::Medium)
        .collect();
    let dawn_short = mean(medium.iter().map(|(_, s, _)| s.dawn_losses_keys_short));
    let tokens = mean(medium.iter().map(|(_, s, _)| s.keys_from_tokens));
    let searched = mean(medium.iter().map(|(_, s, _)| s.keys_from_searches));
    let lost = mean(medium.iter().map(|(_, s, _)| s.keys_lost_to_robot));
    let food = mean(
        medium
            .iter()
            .filter(|(_, s, _)| s.escape_share > 0.0)
            .map(|(_, s, _)| s.mean_food_out),
    );
    let per_module = f64::from(STANDARD.item_mix.keys) / f64::from(STANDARD.keys_per_module);
    let _ = writeln!(
        out,
        "### Does the item mix leave keys as the bottleneck?\n\n\
         Yes. The mix gives {tokens_per} key tokens per module against {need} keys needed \
         per module (the ground floor needs {need} × every module of the building), so \
         tokens can cover at most {share} of the need and the rest has to be searched for, \
         at {search1:.2} keys per first search and less on later attempts. At `medium` a \
         game yields on average {tokens:.1} keys from tokens and {searched:.1} from \
         searches, and loses {lost:.1} to the robot; {short} of the players caught at dawn \
         were still waiting for keys (the group held fewer than their floor's exit needs), \
         the rest ran out of time on the way with the keys in hand. Food, by contrast, is \
         an afterthought: an escapee carries {food:.1} food on average, because every minute \
         spent on a food room is a minute not spent on keys.\n",
        tokens_per = STANDARD.item_mix.keys,
        need = STANDARD.keys_per_module,
        share = pct(per_module),
        search1 = search_ev(1),
        short = pct(dawn_short),
    );
}

fn house_rules(out: &mut String, m: &Measured, proposals: &[(Difficulty, f64, Option<f64>)]) {
    let _ = writeln!(
        out,
        "## Proposed house rules\n\n\
         Options for a later rules table (`core/src/labscape/rules.rs` keeps every number \
         as data); none of them is applied by this report.\n"
    );
    let changes: Vec<String> = proposals
        .iter()
        .filter_map(|(d, target, x)| {
            x.map(|x| {
                // Round to the half minute, as the rules' X values are.
                let x = (x * 2.0).round() / 2.0;
                format!(
                    "`{d}` X = {} → **{}** (aiming at {} escaping)",
                    x_of(*d),
                    x,
                    pct(*target)
                )
            })
        })
        .collect();
    if changes.is_empty() {
        let _ = writeln!(
            out,
            "1. **Dawn.** The measured ladder is within 10 points of the targets (80%, 60%, \
             40%, 15% for a careful group): keep X as it is."
        );
    } else {
        let _ = writeln!(
            out,
            "1. **Dawn.** For the levels to mean what they say to a group playing like the \
             heuristic (about 80%, 60%, 40% and 15% of players escaping), set {}. These come \
             from interpolating the measured mean escape share between the four X values \
             (extrapolated beyond 6 and below 4, so check them with a rerun). A stronger \
             group (the `search` player, or people who talk to each other) already gets \
             close to those targets with today's X, so offer the larger X values as a \
             *relaxed* house rule for new groups rather than changing the defaults.",
            changes.join(", ")
        );
    }
    let small_floor_catch = {
        let all: Vec<&GameStats> = m.all_games().collect();
        let total: u64 = all.iter().map(|g| u64::from(g.catches)).sum();
        let small: u64 = all.iter().map(|g| u64::from(g.catches_one_module)).sum();
        small as f64 / total.max(1) as f64
    };
    let _ = writeln!(
        out,
        "2. **The robot on one-module floors.** {} of the catches happen on 3×3 floors, \
         where nobody can keep out of its reach. Option: the robot makes 2 steps instead of \
         3 on a floor of one module (`robot_steps` per floor size), or it is drawn at least \
         3 steps from every player. Elsewhere the robot works as intended: it punishes \
         carelessness and rewards moving as a group.",
        pct(small_floor_catch)
    );
    let o = special_odds();
    let _ = writeln!(
        out,
        "3. **Special table.** Its expected value ({:+.2} keys, {:+.2} minutes) is below a \
         plain key search ({:.2} keys per minute), and its alarm test usually ends in a \
         catch, so careful players skip it. If specials should be a real temptation, make \
         *Spare key* (5) +2 keys and *Bargain* (6) give +2 keys for 1 food (expected keys \
         about {:.2}), and let the alarm test move the robot one step instead of three.",
        o.keys,
        o.minutes,
        search_ev(1),
        o.keys + 4.0 / 36.0 + 5.0 / 36.0
    );
    let _ = writeln!(
        out,
        "4. **Item mix.** Keys are the bottleneck, as intended: keep 4/3/2. `tower` (one \
         module per floor) is the exception that is too hard at every level; if it should \
         play like the others, give one-module floors a fifth key token instead of a food \
         token (`item_mix` per floor size).\n"
    );
}
