//! Glicko-2 ratings (Glickman, "Example of the Glicko-2 system", 2013): a rating, how sure
//! it is (the deviation), and how erratic the player is (the volatility).
//!
//! Every finished two-player game is one rating period for each side: a player who
//! plays rarely keeps a wide deviation, so their first games move them far and later
//! ones less. Pure arithmetic: the bot decides whom to rate and stores the numbers.

/// The system constant τ: how fast the volatility may change (Glickman suggests 0.3–1.2).
const TAU: f64 = 0.5;
/// The Glicko-2 scale factor between the displayed scale and the internal one.
const SCALE: f64 = 173.7178;
/// Convergence tolerance of the volatility iteration.
const EPSILON: f64 = 0.000_001;

/// A player's rating on the displayed (Glicko) scale.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rating {
    /// The rating (1500 for a newcomer).
    pub rating: f64,
    /// The rating deviation: one standard deviation of what the rating may really be.
    pub deviation: f64,
    /// The volatility.
    pub volatility: f64,
}

impl Rating {
    /// A newcomer: 1500 ± 350.
    pub const NEW: Rating = Rating {
        rating: 1500.0,
        deviation: 350.0,
        volatility: 0.06,
    };

    /// A fixed rating (a computer player's): sure of itself, never updated.
    pub fn fixed(rating: f64) -> Rating {
        Rating {
            rating,
            deviation: 50.0,
            volatility: 0.06,
        }
    }

    /// This rating after one rating period with `games`: each the opponent's rating and
    /// the score (1 a win, 0.5 a draw, 0 a loss). Without games only the deviation grows.
    pub fn after(self, games: &[(Rating, f64)]) -> Rating {
        let mu = (self.rating - 1500.0) / SCALE;
        let phi = self.deviation / SCALE;
        let sigma = self.volatility;
        if games.is_empty() {
            let phi_star = (phi * phi + sigma * sigma).sqrt();
            return Rating {
                deviation: (phi_star * SCALE).min(Rating::NEW.deviation),
                ..self
            };
        }
        let g =
            |phi_j: f64| 1.0 / (1.0 + 3.0 * phi_j * phi_j / (std::f64::consts::PI.powi(2))).sqrt();
        let e = |mu_j: f64, phi_j: f64| 1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp());
        let opponents: Vec<(f64, f64, f64)> = games
            .iter()
            .map(|(o, s)| ((o.rating - 1500.0) / SCALE, o.deviation / SCALE, *s))
            .collect();
        let v = 1.0
            / opponents
                .iter()
                .map(|&(mu_j, phi_j, _)| {
                    let e = e(mu_j, phi_j);
                    g(phi_j).powi(2) * e * (1.0 - e)
                })
                .sum::<f64>();
        let sum: f64 = opponents
            .iter()
            .map(|&(mu_j, phi_j, s)| g(phi_j) * (s - e(mu_j, phi_j)))
            .sum();
        let delta = v * sum;

        // The new volatility: the root of f by the Illinois algorithm (step 5).
        let a = (sigma * sigma).ln();
        let f = |x: f64| {
            let ex = x.exp();
            ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex).powi(2))
                - (x - a) / (TAU * TAU)
        };
        let mut big_a = a;
        let mut big_b = if delta * delta > phi * phi + v {
            (delta * delta - phi * phi - v).ln()
        } else {
            let mut k = 1.0;
            while f(a - k * TAU) < 0.0 {
                k += 1.0;
            }
            a - k * TAU
        };
        let (mut f_a, mut f_b) = (f(big_a), f(big_b));
        for _ in 0..100 {
            if (big_b - big_a).abs() <= EPSILON {
                break;
            }
            let c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
            let f_c = f(c);
            if f_c * f_b <= 0.0 {
                big_a = big_b;
                f_a = f_b;
            } else {
                f_a /= 2.0;
            }
            big_b = c;
            f_b = f_c;
        }
        let sigma_new = (big_a / 2.0).exp();
        let phi_star = (phi * phi + sigma_new * sigma_new).sqrt();
        let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
        let mu_new = mu + phi_new * phi_new * sum;
        Rating {
            rating: mu_new * SCALE + 1500.0,
            deviation: (phi_new * SCALE).min(Rating::NEW.deviation),
            volatility: sigma_new,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Glickman's worked example: 1500 ± 200 plays 1400 ± 30 (win), 1550 ± 100 (loss) and
    /// 1700 ± 300 (loss) and ends at 1464.06 ± 151.52, volatility 0.05999.
    #[test]
    fn glickmans_example() {
        let player = Rating {
            rating: 1500.0,
            deviation: 200.0,
            volatility: 0.06,
        };
        let games = [
            (
                Rating {
                    rating: 1400.0,
                    deviation: 30.0,
                    volatility: 0.06,
                },
                1.0,
            ),
            (
                Rating {
                    rating: 1550.0,
                    deviation: 100.0,
                    volatility: 0.06,
                },
                0.0,
            ),
            (
                Rating {
                    rating: 1700.0,
                    deviation: 300.0,
                    volatility: 0.06,
                },
                0.0,
            ),
        ];
        let after = player.after(&games);
        assert!((after.rating - 1464.06).abs() < 0.01, "{after:?}");
        assert!((after.deviation - 151.52).abs() < 0.01, "{after:?}");
        assert!((after.volatility - 0.05999).abs() < 0.00001, "{after:?}");
    }

    #[test]
    fn a_win_raises_a_loss_lowers_and_newcomers_move_most() {
        let opponent = Rating::NEW;
        let won = Rating::NEW.after(&[(opponent, 1.0)]);
        let lost = Rating::NEW.after(&[(opponent, 0.0)]);
        let drew = Rating::NEW.after(&[(opponent, 0.5)]);
        assert!(won.rating > 1500.0 && lost.rating < 1500.0);
        assert!((drew.rating - 1500.0).abs() < 1e-6);
        assert!(won.deviation < 350.0);
        // A settled player moves less for the same win.
        let settled = Rating {
            rating: 1500.0,
            deviation: 60.0,
            volatility: 0.06,
        };
        assert!(settled.after(&[(opponent, 1.0)]).rating - 1500.0 < won.rating - 1500.0);
        // Beating a much weaker, sure opponent is worth little.
        let easy = Rating::NEW.after(&[(Rating::fixed(800.0), 1.0)]);
        assert!(
            easy.rating - 1500.0 < (won.rating - 1500.0) / 5.0,
            "{easy:?} {won:?}"
        );
        // Time alone only widens the deviation, up to a newcomer's.
        let idle = settled.after(&[]);
        assert!(idle.deviation > 60.0 && idle.rating == 1500.0);
        assert!(Rating::NEW.after(&[]).deviation <= 350.0);
    }
}
