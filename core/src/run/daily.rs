//! The daily dungeon: one run a day, the same for everyone. Its seed comes from the UTC date by
//! one function (`daily_seed`): the 64-bit FNV-1a hash of the text `delve daily YYYY-MM-DD`.
//! It is played at 80x50 with corridors of every style, from level 1 (`daily_params`).

use std::fmt;

use crate::generation::{CorridorStyle, GenParams};
use crate::map::fnv1a;
use crate::world::{Challenge, Mode};

/// A day of the (proleptic Gregorian) calendar, in UTC.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Date {
    /// The year.
    pub year: i32,
    /// The month, 1 to 12.
    pub month: u32,
    /// The day of the month, from 1.
    pub day: u32,
}

impl Date {
    /// The UTC date `secs` seconds after 1970-01-01 00:00 UTC.
    pub fn from_unix(secs: u64) -> Self {
        Date::from_days((secs / 86_400) as i64)
    }

    /// The date `days` days after 1970-01-01 (before it when negative).
    pub fn from_days(days: i64) -> Self {
        // Days counted in 400-year eras of 146,097 days from 0000-03-01, so that the leap day
        // ends each year.
        let days = days + 719_468;
        let era = days.div_euclid(146_097);
        let of_era = days.rem_euclid(146_097);
        let year_of_era = (of_era - of_era / 1_460 + of_era / 36_524 - of_era / 146_096) / 365;
        let day_of_year = of_era - (365 * year_of_era + year_of_era / 4 - year_of_era / 100);
        let month_from_march = (5 * day_of_year + 2) / 153;
        let day = (day_of_year - (153 * month_from_march + 2) / 5 + 1) as u32;
        let month = if month_from_march < 10 {
            month_from_march + 3
        } else {
            month_from_march - 9
        } as u32;
        let year = (year_of_era + era * 400 + i64::from(month <= 2)) as i32;
        Date { year, month, day }
    }

    /// Days from 1970-01-01 to this date (negative before it): `from_days`'s inverse.
    pub fn days(self) -> i64 {
        let (y, m, d) = (
            i64::from(self.year) - i64::from(self.month <= 2),
            i64::from(self.month),
            i64::from(self.day),
        );
        let era = y.div_euclid(400);
        let of_era = y.rem_euclid(400);
        let day_of_year = (153 * (if m > 2 { m - 3 } else { m + 9 }) + 2) / 5 + d - 1;
        let day_of_era = of_era * 365 + of_era / 4 - of_era / 100 + day_of_year;
        era * 146_097 + day_of_era - 719_468
    }

    /// The date `by` days later (earlier when negative), if it can be written as `parse` reads
    /// one (years 0000 to 9999).
    pub fn shifted(self, by: i64) -> Option<Self> {
        let date = Date::from_days(self.days().checked_add(by)?);
        (0..=9999).contains(&date.year).then_some(date)
    }

    /// A date written `YYYY-MM-DD`, if it is one that exists.
    pub fn parse(text: &str) -> Option<Self> {
        let mut parts = text.split('-');
        let (y, m, d) = (parts.next()?, parts.next()?, parts.next()?);
        if parts.next().is_some() || y.len() != 4 || m.len() != 2 || d.len() != 2 {
            return None;
        }
        let date = Date {
            year: y.parse().ok()?,
            month: m.parse().ok()?,
            day: d.parse().ok()?,
        };
        let leap = date.year % 4 == 0 && (date.year % 100 != 0 || date.year % 400 == 0);
        let days = match date.month {
            1 | 3 | 5 | 7 | 8 | 10 | 12 => 31,
            4 | 6 | 9 | 11 => 30,
            2 if leap => 29,
            2 => 28,
            _ => return None,
        };
        (1..=days).contains(&date.day).then_some(date)
    }
}

impl fmt::Display for Date {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{:04}-{:02}-{:02}", self.year, self.month, self.day)
    }
}

/// The seed of `date`'s daily dungeon.
pub fn daily_seed(date: Date) -> u64 {
    fnv1a(format!("delve daily {date}").as_bytes())
}

/// How `date`'s daily dungeon is made: its seed, 80x50, corridors of every style, level 1.
pub fn daily_params(date: Date) -> GenParams {
    GenParams::new(daily_seed(date), 80, 50, CorridorStyle::Mixed)
}

/// The challenge of `date`'s day, which its daily may be played with (ranked on a list of its
/// own): the challenges in their table's order, one a day in turn, the day's number since
/// 1970-01-01 modulo how many there are (so every challenge comes round once a week).
pub fn daily_challenge(date: Date) -> Challenge {
    Challenge::ALL[date.days().rem_euclid(Challenge::COUNT as i64) as usize]
}

/// How `date`'s daily is played with its challenge of the day: normal, with that challenge.
pub fn daily_challenge_mode(date: Date) -> Mode {
    Mode::STANDARD.with(daily_challenge(date))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_challenge_comes_round_once_a_week() {
        let first = Date::parse("2026-11-30").unwrap();
        let week: Vec<Challenge> = (0..7).map(|d| daily_challenge(first.shifted(d).unwrap())).collect();
        let mut seen = week.clone();
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), Challenge::COUNT, "{week:?}");
        assert_eq!(daily_challenge(first.shifted(7).unwrap()), week[0]);
        assert_eq!(daily_challenge_mode(first), Mode::STANDARD.with(week[0]));
    }

    #[test]
    fn dates_from_seconds() {
        let d = |y, m, day| Date { year: y, month: m, day };
        assert_eq!(Date::from_unix(0), d(1970, 1, 1));
        assert_eq!(Date::from_unix(86_399), d(1970, 1, 1));
        assert_eq!(Date::from_unix(951_782_400), d(2000, 2, 29));
        assert_eq!(Date::from_unix(951_868_800), d(2000, 3, 1));
        assert_eq!(Date::from_unix(1_795_478_400), d(2026, 11, 24));
        assert_eq!(Date::from_unix(4_107_542_400), d(2100, 3, 1));
        // Every day from 1970 to 2100 follows the day before it.
        let mut last = Date::from_unix(0);
        for day in 1..47_847u64 {
            let date = Date::from_unix(day * 86_400 + 43_200);
            assert!(date > last, "{date} after {last}");
            assert_eq!(Date::parse(&date.to_string()), Some(date));
            last = date;
        }
    }

    #[test]
    fn days_there_and_back_and_the_calendar_s_ends() {
        let d = |y, m, day| Date { year: y, month: m, day };
        for date in [
            d(1970, 1, 1),
            d(1969, 12, 31),
            d(2000, 2, 29),
            d(0, 1, 1),
            d(9999, 12, 31),
            d(1600, 3, 1),
        ] {
            assert_eq!(Date::from_days(date.days()), date, "{date}");
        }
        assert_eq!(d(1970, 1, 1).days(), 0);
        assert_eq!(d(1969, 12, 31).days(), -1);
        assert_eq!(d(2026, 11, 28).shifted(1), Some(d(2026, 11, 29)));
        assert_eq!(d(2024, 3, 1).shifted(-1), Some(d(2024, 2, 29)));
        assert_eq!(d(1970, 1, 1).shifted(-1), Some(d(1969, 12, 31)));
        // The first and last days a date can be written: no day beyond them.
        assert_eq!(d(0, 1, 1).shifted(-1), None);
        assert_eq!(d(0, 1, 2).shifted(-1), Some(d(0, 1, 1)));
        assert_eq!(d(9999, 12, 31).shifted(1), None);
        assert_eq!(Date::parse("0000-01-01"), Some(d(0, 1, 1)));
    }

    #[test]
    fn dates_from_text() {
        assert_eq!(
            Date::parse("2024-02-29"),
            Some(Date {
                year: 2024,
                month: 2,
                day: 29
            })
        );
        for bad in [
            "2023-02-29",
            "2024-13-01",
            "2024-00-10",
            "24-01-01",
            "2024-1-01",
            "2024-01-01-",
            "today",
            "",
        ] {
            assert_eq!(Date::parse(bad), None, "{bad}");
        }
    }

    #[test]
    fn a_seed_a_day() {
        let day = Date::parse("2026-11-24").unwrap();
        let next = Date::parse("2026-11-25").unwrap();
        assert_eq!(daily_seed(day), fnv1a(b"delve daily 2026-11-24"));
        assert_ne!(daily_seed(day), daily_seed(next));
        assert_eq!(daily_params(day).seed, daily_seed(day));
        assert_eq!((daily_params(day).width, daily_params(day).height), (80, 50));
    }
}
