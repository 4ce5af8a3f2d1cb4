//! Clock readings and durations as cases and the protocol write them (FIDE 6.3): `"1:30:00"`,
//! `"5:00"`, `"0:30"`, `"-0:01"` for a clock past zero.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A clock reading or a duration, to the millisecond: `"H:MM:SS"`, `"M:SS"` (minutes may
/// exceed 59), with an optional `.mmm` and a leading `-` for a clock past zero.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct ClockTime {
    /// Milliseconds (negative only for a clock whose flag has fallen).
    pub ms: i64,
}

impl ClockTime {
    /// A time of `ms` milliseconds.
    pub fn from_ms(ms: i64) -> ClockTime {
        ClockTime { ms }
    }

    /// The time as a non-negative duration, or an error naming the text.
    pub fn duration_ms(self) -> Result<u64, String> {
        u64::try_from(self.ms).map_err(|_| format!("time {self} is negative; a duration or an event time cannot be"))
    }
}

impl FromStr for ClockTime {
    type Err = String;
    fn from_str(text: &str) -> Result<ClockTime, String> {
        let bad = || format!("time {text:?}: expected H:MM:SS, M:SS or S (optionally with .mmm)");
        let (negative, body) = match text.trim().strip_prefix('-') {
            Some(rest) => (true, rest),
            None => (false, text.trim()),
        };
        let (whole, millis) = match body.split_once('.') {
            Some((whole, frac)) if (1..=3).contains(&frac.len()) && frac.bytes().all(|b| b.is_ascii_digit()) => {
                let padded = format!("{frac:0<3}");
                (whole, padded.parse::<i64>().map_err(|_| bad())?)
            }
            Some(_) => return Err(bad()),
            None => (body, 0),
        };
        let parts: Vec<&str> = whole.split(':').collect();
        if parts.is_empty() || parts.len() > 3 || parts.iter().any(|p| p.is_empty()) {
            return Err(bad());
        }
        let mut seconds: i64 = 0;
        for (i, part) in parts.iter().enumerate() {
            let value: i64 = part.parse().map_err(|_| bad())?;
            // Every part after the first is a count of minutes or seconds below 60.
            if i > 0 && (part.len() != 2 || value >= 60) {
                return Err(bad());
            }
            seconds = seconds.checked_mul(60).and_then(|s| s.checked_add(value)).ok_or_else(bad)?;
        }
        let ms = seconds.checked_mul(1000).and_then(|s| s.checked_add(millis)).ok_or_else(bad)?;
        Ok(ClockTime { ms: if negative { -ms } else { ms } })
    }
}

impl TryFrom<String> for ClockTime {
    type Error = String;
    fn try_from(text: String) -> Result<ClockTime, String> {
        text.parse()
    }
}

impl From<ClockTime> for String {
    fn from(t: ClockTime) -> String {
        t.to_string()
    }
}

/// As written in cases (reports show it this way).
impl fmt::Debug for ClockTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "\"{self}\"")
    }
}

impl fmt::Display for ClockTime {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let sign = if self.ms < 0 { "-" } else { "" };
        let ms = self.ms.unsigned_abs();
        let (seconds, millis) = (ms / 1000, ms % 1000);
        let (hours, minutes, secs) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
        if hours > 0 {
            write!(f, "{sign}{hours}:{minutes:02}:{secs:02}")?;
        } else {
            write!(f, "{sign}{minutes}:{secs:02}")?;
        }
        if millis > 0 {
            write!(f, ".{millis:03}")?;
        }
        Ok(())
    }
}

#[cfg(feature = "schema")]
impl schemars::JsonSchema for ClockTime {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "ClockTime".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "A clock reading or a duration: H:MM:SS, M:SS or S, optionally with .mmm, a leading - for a clock past zero (FIDE 6.3).",
            "type": "string",
            "pattern": "^-?[0-9]+(:[0-5][0-9]){0,2}(\\.[0-9]{1,3})?$"
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clock_times_read_and_print_6_3() {
        let t = |s: &str| s.parse::<ClockTime>().map(|t| t.ms);
        assert_eq!(t("1:30:00"), Ok(5_400_000));
        assert_eq!(t("90:00"), Ok(5_400_000));
        assert_eq!(t("0:30"), Ok(30_000));
        assert_eq!(t("7"), Ok(7_000));
        assert_eq!(t("0:01.5"), Ok(1_500));
        assert_eq!(t("-0:01"), Ok(-1_000));
        assert!(t("1:5").is_err());
        assert!(t("1:60").is_err());
        assert!(t("a:00").is_err());
        assert!(t("").is_err());
        assert_eq!(ClockTime::from_ms(5_400_000).to_string(), "1:30:00");
        assert_eq!(ClockTime::from_ms(61_500).to_string(), "1:01.500");
        assert_eq!(ClockTime::from_ms(-1_000).to_string(), "-0:01");
    }
}
