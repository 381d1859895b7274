//! When to remind and when a deadline falls: pure functions of unix times, a player's time
//! zone, quiet hours and away time. Kept apart from the scheduler so every rule (quiet hours
//! across midnight and daylight-saving changes, away time extending a deadline) is tested
//! without a clock.

use chrono::{
    DateTime, Datelike, Duration, LocalResult, NaiveDate, NaiveDateTime, NaiveTime, TimeZone,
    Timelike,
};
use chrono_tz::Tz;

use crate::i18n::{Lang, tr};

/// Quiet hours in local time, minutes after midnight; `start > end` wraps past midnight.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Quiet {
    /// Start, minutes after local midnight.
    pub start: u16,
    /// End (exclusive).
    pub end: u16,
}

impl Quiet {
    fn contains(self, minute: u16) -> bool {
        if self.start <= self.end {
            (self.start..self.end).contains(&minute)
        } else {
            minute >= self.start || minute < self.end
        }
    }
}

/// What the timers need to know about the awaited player.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Who {
    /// Their time zone (UTC when unset).
    pub tz: Tz,
    /// Their quiet hours.
    pub quiet: Option<Quiet>,
    /// Away until (unix seconds).
    pub away_until: Option<i64>,
}

impl Default for Who {
    fn default() -> Who {
        Who {
            tz: chrono_tz::UTC,
            quiet: None,
            away_until: None,
        }
    }
}

fn local(t: i64, tz: Tz) -> DateTime<Tz> {
    tz.timestamp_opt(t, 0)
        .single()
        .unwrap_or_else(|| tz.timestamp_opt(0, 0).unwrap())
}

/// The unix time of a local wall-clock time; in a daylight-saving gap, the first moment
/// after it; when ambiguous, the earlier one.
fn from_local(naive: NaiveDateTime, tz: Tz) -> i64 {
    match tz.from_local_datetime(&naive) {
        LocalResult::Single(t) => t.timestamp(),
        LocalResult::Ambiguous(a, _) => a.timestamp(),
        LocalResult::None => {
            // Skip forward minute by minute (gaps are at most a few hours).
            let mut n = naive;
            for _ in 0..(4 * 60) {
                n += Duration::minutes(1);
                if let Some(t) = tz.from_local_datetime(&n).earliest() {
                    return t.timestamp();
                }
            }
            naive.and_utc().timestamp()
        }
    }
}

/// The first moment at or after `t` that is outside the player's quiet hours.
pub fn outside_quiet(t: i64, who: &Who) -> i64 {
    let Some(q) = who.quiet else { return t };
    let lt = local(t, who.tz);
    let minute = (lt.hour() * 60 + lt.minute()) as u16;
    if !q.contains(minute) {
        return t;
    }
    let day = lt.date_naive();
    let end_day = if q.start > q.end && minute >= q.start {
        day.succ_opt().unwrap_or(day)
    } else {
        day
    };
    let end = NaiveTime::from_hms_opt(u32::from(q.end / 60), u32::from(q.end % 60), 0)
        .unwrap_or_default();
    from_local(end_day.and_time(end), who.tz).max(t)
}

/// When the next reminder for a turn goes out: `interval` after `base` (the turn's start
/// or the last reminder), not before the player is back from away time, and never in
/// their quiet hours.
pub fn next_reminder(base: i64, interval: i64, who: &Who) -> i64 {
    let mut t = base + interval;
    if let Some(a) = who.away_until
        && a > t
    {
        t = a;
    }
    outside_quiet(t, who)
}

/// When a turn's deadline falls: `deadline` after the turn started waiting, with any away
/// time not counted (the clock starts when the player is back).
pub fn deadline_at(waiting_since: i64, deadline: i64, who: &Who) -> i64 {
    waiting_since.max(who.away_until.unwrap_or(i64::MIN)) + deadline
}

/// Reads a duration: `12h`, `30m`, `2d`, `1h30m`, `90` (minutes).
pub fn parse_duration(s: &str) -> Option<i64> {
    let s = s.trim().to_ascii_lowercase();
    if s.is_empty() {
        return None;
    }
    if let Ok(m) = s.parse::<i64>() {
        return (m > 0).then_some(m * 60);
    }
    let mut total = 0i64;
    let mut num = String::new();
    for c in s.chars() {
        if c.is_ascii_digit() {
            num.push(c);
        } else {
            let n: i64 = num.parse().ok()?;
            num.clear();
            total += n * match c {
                'd' => 86_400,
                'h' => 3_600,
                'm' => 60,
                _ => return None,
            };
        }
    }
    (num.is_empty() && total > 0 && total <= 60 * 86_400).then_some(total)
}

/// Writes a duration for people: `12 h`, `1 d 6 h`, `45 min`.
pub fn format_duration(secs: i64) -> String {
    let (d, h, m) = (secs / 86_400, secs % 86_400 / 3_600, secs % 3_600 / 60);
    let mut parts = Vec::new();
    if d > 0 {
        parts.push(format!("{d} d"));
    }
    if h > 0 {
        parts.push(format!("{h} h"));
    }
    if m > 0 || parts.is_empty() {
        parts.push(format!("{m} min"));
    }
    parts.join(" ")
}

/// Reads quiet hours `22:00-07:00` (or `22-7`).
pub fn parse_quiet(s: &str) -> Option<Quiet> {
    let (a, b) = s.trim().split_once('-')?;
    let minute = |x: &str| -> Option<u16> {
        let (h, m) = match x.trim().split_once(':') {
            Some((h, m)) => (h.parse::<u16>().ok()?, m.parse::<u16>().ok()?),
            None => (x.trim().parse::<u16>().ok()?, 0),
        };
        (h < 24 && m < 60).then_some(h * 60 + m)
    };
    let q = Quiet {
        start: minute(a)?,
        end: minute(b)?,
    };
    (q.start != q.end).then_some(q)
}

/// Writes quiet hours as `22:00–07:00`.
pub fn format_quiet(q: Quiet) -> String {
    format!(
        "{:02}:{:02}–{:02}:{:02}",
        q.start / 60,
        q.start % 60,
        q.end / 60,
        q.end % 60
    )
}

/// Reads "away until": a duration from now (`3d`), a date (`2026-11-25`, meaning its
/// local midnight) or a date and time (`2026-11-25 18:00`), in the player's zone.
pub fn parse_until(s: &str, now: i64, tz: Tz) -> Option<i64> {
    let s = s.trim();
    if let Some(d) = parse_duration(s) {
        return Some(now + d);
    }
    let (date, time) = match s.split_once([' ', 'T']) {
        Some((d, t)) => (d, Some(t)),
        None => (s, None),
    };
    let date = NaiveDate::parse_from_str(date.trim(), "%Y-%m-%d").ok()?;
    let time = match time {
        Some(t) => NaiveTime::parse_from_str(t.trim(), "%H:%M").ok()?,
        None => NaiveTime::MIN,
    };
    Some(from_local(date.and_time(time), tz))
}

/// A moment in the player's zone: `Tue 25 Nov 18:00 (Europe/Lisbon)`.
pub fn format_time(t: i64, tz: Tz, lang: Lang) -> String {
    let lt = local(t, tz);
    tr!(
        lang,
        "time-at",
        weekday = lt.weekday().number_from_monday(),
        day = lt.day(),
        month = lt.month(),
        time = format!("{:02}:{:02}", lt.hour(), lt.minute()),
        zone = tz.name()
    )
}

/// Reads an IANA time zone name.
pub fn parse_tz(s: &str) -> Option<Tz> {
    s.trim().parse::<Tz>().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(tz: Tz, y: i32, mo: u32, d: u32, h: u32, mi: u32) -> i64 {
        tz.with_ymd_and_hms(y, mo, d, h, mi, 0)
            .single()
            .unwrap()
            .timestamp()
    }

    #[test]
    fn quiet_hours_push_a_reminder_to_the_morning_across_midnight() {
        let tz: Tz = "America/Sao_Paulo".parse().unwrap();
        let who = Who {
            tz,
            quiet: parse_quiet("22:00-07:00"),
            away_until: None,
        };
        // 23:30 local → 07:00 next morning.
        assert_eq!(
            outside_quiet(at(tz, 2026, 11, 21, 23, 30), &who),
            at(tz, 2026, 11, 22, 7, 0)
        );
        // 03:00 local → 07:00 the same morning.
        assert_eq!(
            outside_quiet(at(tz, 2026, 11, 22, 3, 0), &who),
            at(tz, 2026, 11, 22, 7, 0)
        );
        // 12:00 is fine.
        assert_eq!(
            outside_quiet(at(tz, 2026, 11, 22, 12, 0), &who),
            at(tz, 2026, 11, 22, 12, 0)
        );
        // Daytime quiet hours (no wrap).
        let day = Who {
            tz,
            quiet: parse_quiet("9-17"),
            away_until: None,
        };
        assert_eq!(
            outside_quiet(at(tz, 2026, 11, 22, 10, 0), &day),
            at(tz, 2026, 11, 22, 17, 0)
        );
    }

    #[test]
    fn quiet_hours_follow_daylight_saving_changes() {
        // Europe/Lisbon moves from WEST (UTC+1) to WET (UTC+0) on 2026-10-25 at 02:00.
        let tz: Tz = "Europe/Lisbon".parse().unwrap();
        let who = Who {
            tz,
            quiet: parse_quiet("23:00-08:00"),
            away_until: None,
        };
        let t = at(tz, 2026, 10, 24, 23, 30);
        let morning = outside_quiet(t, &who);
        assert_eq!(morning, at(tz, 2026, 10, 25, 8, 0));
        // That night is 10 hours long in UTC (one hour longer than the clock says).
        assert_eq!(morning - at(tz, 2026, 10, 24, 22, 0), 11 * 3600);
        // Spring forward (2026-03-29, 01:00 → 02:00): quiet hours ending in the gap.
        let gap = Who {
            tz,
            quiet: parse_quiet("22:00-01:30"),
            away_until: None,
        };
        let end = outside_quiet(at(tz, 2026, 3, 28, 23, 0), &gap);
        assert_eq!(
            end,
            at(tz, 2026, 3, 29, 2, 0),
            "the first moment after the gap"
        );
    }

    #[test]
    fn away_time_delays_reminders_and_extends_deadlines() {
        let who = Who {
            away_until: Some(100_000),
            ..Who::default()
        };
        assert_eq!(next_reminder(0, 43_200, &who), 100_000);
        assert_eq!(next_reminder(90_000, 43_200, &who), 133_200);
        assert_eq!(deadline_at(0, 172_800, &who), 272_800);
        assert_eq!(deadline_at(0, 172_800, &Who::default()), 172_800);
    }

    #[test]
    fn durations_quiet_hours_and_dates_read_back() {
        assert_eq!(parse_duration("12h"), Some(43_200));
        assert_eq!(parse_duration("1h30m"), Some(5_400));
        assert_eq!(parse_duration("2d"), Some(172_800));
        assert_eq!(parse_duration("90"), Some(5_400));
        for bad in ["", "0", "h", "12x", "-3h", "999d"] {
            assert_eq!(parse_duration(bad), None, "{bad}");
        }
        assert_eq!(format_duration(43_200), "12 h");
        assert_eq!(format_duration(108_000), "1 d 6 h");
        assert_eq!(
            parse_quiet("22:00-07:00"),
            Some(Quiet {
                start: 1320,
                end: 420
            })
        );
        assert_eq!(parse_quiet("22-22"), None);
        assert_eq!(parse_quiet("25:00-07:00"), None);
        let tz: Tz = "Asia/Tokyo".parse().unwrap();
        assert_eq!(
            parse_until("2026-11-25 18:00", 0, tz),
            Some(at(tz, 2026, 11, 25, 18, 0))
        );
        assert_eq!(
            parse_until("2026-11-25", 0, tz),
            Some(at(tz, 2026, 11, 25, 0, 0))
        );
        assert_eq!(parse_until("3d", 10, tz), Some(10 + 3 * 86_400));
        assert_eq!(parse_until("soon", 0, tz), None);
        assert_eq!(
            format_time(at(tz, 2026, 11, 25, 18, 5), tz, Lang::En),
            "Wed 25 Nov 18:05 (Asia/Tokyo)"
        );
        assert_eq!(
            format_time(at(tz, 2026, 11, 29, 9, 0), tz, Lang::PtBr),
            "dom, 29 de nov, 09:00 (Asia/Tokyo)"
        );
        assert!(parse_tz("Nowhere/City").is_none());
    }
}
