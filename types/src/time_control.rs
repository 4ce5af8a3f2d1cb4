//! Time controls (FIDE 6.3): one or more periods, then an increment or a delay per move.
//!
//! Written in cases and the adapter protocol as `"90+30"` (all moves in 90 minutes, 30 seconds
//! added per move; `"5"` or `"5+0"` without increment) or as periods:
//! `{periods: [{moves: 40, time: "90:00"}, {time: "30:00"}], increment: "0:30"}`, with an
//! optional `delay` and `delay_mode` (`simple` or `bronstein`).

use serde::{Deserialize, Serialize};

use crate::ClockTime;

/// Milliseconds.
pub type Millis = u64;

/// One period of a time control (FIDE 6.3.1): a number of moves, or the rest of the game
/// (`moves: None`), to be completed in `base_ms`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Period {
    /// The moves to complete in this period; `None` for all the remaining moves.
    pub moves: Option<u32>,
    /// The time for the period, added to the time left over from the previous one (6.3.2).
    pub base_ms: Millis,
}

/// How the delay of FIDE 6.3.2 is applied.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(rename_all = "snake_case")]
pub enum DelayMode {
    /// FIDE 6.3.2 delay mode: the main thinking time runs only after the delay.
    #[default]
    Simple,
    /// The time used, up to the delay, is added back after the move.
    Bronstein,
}

/// A delay per move (FIDE 6.3.2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Delay {
    /// How the delay is applied.
    pub mode: DelayMode,
    /// The delay.
    pub ms: Millis,
}

/// A time control (FIDE 6.3): one or more periods, then an increment and/or a delay per move.
/// Read from either written form; a text that is no time control, or a negative time, is an
/// error naming it. Written back in the short form when it has one, else as periods.
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema), schemars(with = "Written"))]
#[serde(try_from = "Written", into = "Written")]
pub struct TimeControl {
    /// The periods, in order.
    pub periods: Vec<Period>,
    /// FIDE 6.3.2 cumulative (Fischer) mode: added after every completed move.
    pub increment_ms: Millis,
    /// FIDE 6.3.2: a delay per move.
    pub delay: Option<Delay>,
}

/// A time control that cannot be used.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TimeControlError {
    /// No period at all.
    #[error("a time control needs at least one period")]
    NoPeriod,
    /// A period other than the last covers the rest of the game.
    #[error(
        "period {index} of the time control has no move count, but only the last period may cover the rest of the game"
    )]
    OpenPeriodNotLast {
        /// The period (0 = the first).
        index: usize,
    },
    /// The last period has a move count.
    #[error("the last period of the time control must cover the rest of the game (moves: null), found {moves} moves")]
    LastPeriodLimited {
        /// Its move count.
        moves: u32,
    },
    /// A period requires no moves.
    #[error("period {index} of the time control requires 0 moves")]
    EmptyPeriod {
        /// The period (0 = the first).
        index: usize,
    },
}

impl TimeControl {
    /// All moves in `base_ms`, with `increment_ms` per move.
    pub fn sudden_death(base_ms: Millis, increment_ms: Millis) -> TimeControl {
        TimeControl { periods: vec![Period { moves: None, base_ms }], increment_ms, delay: None }
    }

    /// FIDE A.1, B.1: the category of a game played at this control.
    pub fn category(&self) -> crate::Category {
        crate::Category::of(self)
    }

    /// Checks the periods: every one but the last has a positive move count; the last covers
    /// the rest of the game.
    pub fn validate(&self) -> Result<(), TimeControlError> {
        let (last, first) = self.periods.split_last().ok_or(TimeControlError::NoPeriod)?;
        for (index, period) in first.iter().enumerate() {
            match period.moves {
                None => return Err(TimeControlError::OpenPeriodNotLast { index }),
                Some(0) => return Err(TimeControlError::EmptyPeriod { index }),
                Some(_) => {}
            }
        }
        match last.moves {
            None => Ok(()),
            Some(moves) => Err(TimeControlError::LastPeriodLimited { moves }),
        }
    }

    /// The time allotted for the whole game, without increments: the sum of the periods.
    pub fn allotted_ms(&self) -> Millis {
        self.periods.iter().fold(0, |sum, p| sum.saturating_add(p.base_ms))
    }

    /// The fixed extra time per move (6.3.2): the increment plus the delay.
    pub fn extra_per_move_ms(&self) -> Millis {
        self.increment_ms.saturating_add(self.delay.map_or(0, |d| d.ms))
    }

    /// Reads the short form `"MINUTES+SECONDS"` (`"90+30"`, `"5"`).
    pub fn parse_short(text: &str) -> Result<TimeControl, String> {
        let bad = || format!("time control {text:?}: expected MINUTES+SECONDS such as \"90+30\" or \"5+0\"");
        let (base, increment) = text.trim().split_once('+').unwrap_or((text.trim(), "0"));
        let minutes: u64 = base.trim().parse().map_err(|_| bad())?;
        let seconds: u64 = increment.trim().parse().map_err(|_| bad())?;
        let base_ms = minutes.checked_mul(60_000).ok_or_else(bad)?;
        let increment_ms = seconds.checked_mul(1000).ok_or_else(bad)?;
        Ok(TimeControl::sudden_death(base_ms, increment_ms))
    }

    /// The short form, when this control has one: one period for the whole game in whole
    /// minutes, an increment in whole seconds, no delay.
    pub fn short_form(&self) -> Option<String> {
        match (self.periods.as_slice(), self.delay) {
            ([Period { moves: None, base_ms }], None) if base_ms % 60_000 == 0 && self.increment_ms % 1000 == 0 => {
                Some(format!("{}+{}", base_ms / 60_000, self.increment_ms / 1000))
            }
            _ => None,
        }
    }
}

/// A time control as written: the short text, the periods, or the periods in milliseconds
/// (the core's settings format before cases and the core shared this type; read, not written).
#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(untagged)]
enum Written {
    Short(ShortForm),
    Periods(WrittenPeriods),
    Millis(MillisPeriods),
}

#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct MillisPeriods {
    periods: Vec<MillisPeriod>,
    #[serde(default)]
    increment_ms: Millis,
    #[serde(default)]
    delay: Option<MillisDelay>,
}

#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct MillisPeriod {
    #[serde(default)]
    moves: Option<u32>,
    base_ms: Millis,
}

#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct MillisDelay {
    #[serde(default)]
    mode: DelayMode,
    ms: Millis,
}

/// The short form: `"MINUTES+SECONDS"`.
#[derive(Serialize, Deserialize)]
#[serde(transparent)]
struct ShortForm(String);

#[cfg(feature = "schema")]
impl schemars::JsonSchema for ShortForm {
    fn schema_name() -> std::borrow::Cow<'static, str> {
        "TimeControlShort".into()
    }

    fn json_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
        schemars::json_schema!({
            "description": "All moves in MINUTES, SECONDS added per move: \"90+30\", \"5+0\" or \"5\".",
            "type": "string",
            "pattern": "^\\s*[0-9]+\\s*(\\+\\s*[0-9]+\\s*)?$"
        })
    }
}

#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct WrittenPeriods {
    periods: Vec<WrittenPeriod>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    increment: Option<ClockTime>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    delay: Option<ClockTime>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    delay_mode: Option<DelayMode>,
}

#[derive(Serialize, Deserialize)]
#[cfg_attr(feature = "schema", derive(schemars::JsonSchema))]
#[serde(deny_unknown_fields)]
struct WrittenPeriod {
    #[serde(default, skip_serializing_if = "Option::is_none")]
    moves: Option<u32>,
    time: ClockTime,
}

impl TryFrom<Written> for TimeControl {
    type Error = String;
    fn try_from(written: Written) -> Result<TimeControl, String> {
        let p = match written {
            Written::Short(ShortForm(text)) => return TimeControl::parse_short(&text),
            Written::Periods(p) => p,
            Written::Millis(m) => {
                return Ok(TimeControl {
                    periods: m.periods.iter().map(|p| Period { moves: p.moves, base_ms: p.base_ms }).collect(),
                    increment_ms: m.increment_ms,
                    delay: m.delay.map(|d| Delay { mode: d.mode, ms: d.ms }),
                })
            }
        };
        let periods = p
            .periods
            .iter()
            .map(|period| Ok(Period { moves: period.moves, base_ms: period.time.duration_ms()? }))
            .collect::<Result<Vec<_>, String>>()?;
        let increment_ms = p.increment.map_or(Ok(0), ClockTime::duration_ms)?;
        let delay = match p.delay {
            None => None,
            Some(t) => Some(Delay { mode: p.delay_mode.unwrap_or_default(), ms: t.duration_ms()? }),
        };
        Ok(TimeControl { periods, increment_ms, delay })
    }
}

impl From<TimeControl> for Written {
    fn from(control: TimeControl) -> Written {
        if let Some(short) = control.short_form() {
            return Written::Short(ShortForm(short));
        }
        let time = |ms: Millis| ClockTime::from_ms(i64::try_from(ms).unwrap_or(i64::MAX));
        Written::Periods(WrittenPeriods {
            periods: control.periods.iter().map(|p| WrittenPeriod { moves: p.moves, time: time(p.base_ms) }).collect(),
            increment: (control.increment_ms > 0).then(|| time(control.increment_ms)),
            delay: control.delay.map(|d| time(d.ms)),
            delay_mode: control.delay.map(|d| d.mode),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(text: &str) -> Result<TimeControl, String> {
        serde_json::from_str(text).map_err(|e| e.to_string())
    }

    #[test]
    fn short_time_control_6_3_1() {
        assert_eq!(read("\"90+30\""), Ok(TimeControl::sudden_death(5_400_000, 30_000)));
        assert_eq!(read("\"5\""), Ok(TimeControl::sudden_death(300_000, 0)));
        assert!(read("\"ninety\"").is_err_and(|e| e.contains("ninety")));
        assert!(read("\"-5+0\"").is_err_and(|e| e.contains("-5+0")));
    }

    #[test]
    fn periods_with_increment_and_delay_6_3_2() {
        let tc = read(r#"{"periods": [{"moves": 40, "time": "90:00"}, {"time": "30:00"}], "increment": "0:30"}"#);
        let expected = TimeControl {
            periods: vec![Period { moves: Some(40), base_ms: 5_400_000 }, Period { moves: None, base_ms: 1_800_000 }],
            increment_ms: 30_000,
            delay: None,
        };
        assert_eq!(tc, Ok(expected));
        let delayed = read(r#"{"periods": [{"time": "5:00"}], "delay": "0:05", "delay_mode": "bronstein"}"#);
        assert_eq!(delayed.map(|t| t.delay), Ok(Some(Delay { mode: DelayMode::Bronstein, ms: 5_000 })));
        assert!(read(r#"{"periods": [{"time": "-5:00"}]}"#).is_err_and(|e| e.contains("negative")));
        assert!(read(r#"{"periods": [{"time": "5:00"}], "bonus": "0:01"}"#).is_err());
    }

    #[test]
    fn the_core_settings_milliseconds_form_is_still_read_6_3() {
        let tc = read(
            r#"{"periods": [{"moves": 40, "base_ms": 5400000}, {"base_ms": 1800000}],
                         "increment_ms": 30000, "delay": {"mode": "simple", "ms": 5000}}"#,
        );
        assert_eq!(tc.map(|t| (t.periods.len(), t.increment_ms, t.delay.map(|d| d.ms))), Ok((2, 30_000, Some(5_000))));
    }

    #[test]
    fn written_back_in_the_form_read_6_3() {
        for text in [
            r#""90+30""#,
            r#""3+2""#,
            r#"{"periods":[{"moves":40,"time":"1:30:00"},{"time":"30:00"}],"increment":"0:30"}"#,
            r#"{"periods":[{"time":"5:00"}],"delay":"0:05","delay_mode":"simple"}"#,
        ] {
            let tc = read(text);
            assert_eq!(tc.map(|t| serde_json::to_string(&t).unwrap_or_default()), Ok(text.to_owned()));
        }
    }

    #[test]
    fn validation_of_periods_6_3_1() {
        assert_eq!(TimeControl::sudden_death(1, 0).validate(), Ok(()));
        let open_first = TimeControl {
            periods: vec![Period { moves: None, base_ms: 1 }, Period { moves: None, base_ms: 1 }],
            increment_ms: 0,
            delay: None,
        };
        assert_eq!(open_first.validate(), Err(TimeControlError::OpenPeriodNotLast { index: 0 }));
        let none = TimeControl { periods: vec![], increment_ms: 0, delay: None };
        assert_eq!(none.validate(), Err(TimeControlError::NoPeriod));
    }
}
