//! The JSON Schemas of the case format and the adapter protocol, generated from the types the
//! loader and the protocol read (so they cannot say something else), and checking a case file
//! against its schema, as `arbiter check` does. `spec/schema.json` and
//! `spec/adapter-protocol.schema.json` are these schemas written out; a test fails when they
//! differ from what the types generate (`ARBITER_WRITE_SCHEMAS=1 cargo test -p arbiter-spec
//! --test schemas` writes them anew).

use std::borrow::Cow;

use arbiter_core::Laws;
use schemars::{JsonSchema, Schema, SchemaGenerator};
use serde_json::Value;

use crate::case::CaseFile;

/// An edition as a case writes it: its year (`2023`), or the year as text with or without
/// `fide` (`"2023"`, `"fide2023"`).
pub struct EditionText;

impl JsonSchema for EditionText {
    fn schema_name() -> Cow<'static, str> {
        "Edition".into()
    }

    fn json_schema(_: &mut SchemaGenerator) -> Schema {
        let years: Vec<u16> = Laws::ALL.iter().map(|l| l.year()).collect();
        let texts: Vec<String> =
            Laws::ALL.iter().flat_map(|l| [l.year().to_string(), format!("fide{}", l.year())]).collect();
        schemars::json_schema!({
            "description": "An edition of the FIDE Laws of Chess.",
            "anyOf": [{ "enum": years }, { "enum": texts }]
        })
    }
}

/// The schema of a case file (`docs/spec-format.md`).
pub fn cases() -> Schema {
    let mut schema = schemars::schema_for!(CaseFile);
    schema.insert("title".into(), "arbiter case file (docs/spec-format.md)".into());
    schema
}

/// The schema of a line of the adapter protocol (`docs/adapter-protocol.md`).
pub fn protocol() -> Schema {
    arbiter_protocol::schema::line()
}

/// A schema as the committed file holds it: pretty JSON and a final newline.
pub fn text(schema: &Schema) -> String {
    let mut text = serde_json::to_string_pretty(schema).unwrap_or_default();
    text.push('\n');
    text
}

/// A YAML document as the JSON its schema describes: map keys that YAML reads as numbers or
/// booleans (`perft: {1: 20}`) become the strings JSON keys are.
pub fn yaml_as_json(value: &serde_yaml::Value) -> Value {
    use serde_yaml::Value as Y;
    match value {
        Y::Null => Value::Null,
        Y::Bool(b) => Value::Bool(*b),
        Y::Number(n) => serde_json::to_value(n).unwrap_or(Value::Null),
        Y::String(s) => Value::String(s.clone()),
        Y::Sequence(items) => Value::Array(items.iter().map(yaml_as_json).collect()),
        Y::Mapping(map) => Value::Object(
            map.iter()
                .map(|(k, v)| {
                    let key = match k {
                        Y::String(s) => s.clone(),
                        other => serde_yaml::to_string(other).unwrap_or_default().trim().to_owned(),
                    };
                    (key, yaml_as_json(v))
                })
                .collect(),
        ),
        Y::Tagged(tagged) => yaml_as_json(&tagged.value),
    }
}

/// Checks case files against the case schema.
pub struct CaseValidator {
    validator: jsonschema::Validator,
}

impl CaseValidator {
    /// The validator of the generated case schema.
    pub fn new() -> Result<CaseValidator, String> {
        let schema = serde_json::to_value(cases()).map_err(|e| e.to_string())?;
        let validator = jsonschema::validator_for(&schema).map_err(|e| format!("the case schema: {e}"))?;
        Ok(CaseValidator { validator })
    }

    /// What in the YAML text `text` the schema refuses, each as the JSON pointer of the place
    /// and the reason; nothing for a file that is not YAML (the loader says why).
    pub fn problems(&self, text: &str) -> Vec<String> {
        let Ok(yaml) = serde_yaml::from_str::<serde_yaml::Value>(text) else { return Vec::new() };
        let json = yaml_as_json(&yaml);
        self.validator
            .iter_errors(&json)
            .map(|e| {
                let place = e.instance_path().to_string();
                let place = if place.is_empty() { "/".to_owned() } else { place };
                format!("schema: at {place}: {e}")
            })
            .collect()
    }
}
