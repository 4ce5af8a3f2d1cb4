//! Generates the slider attack tables.
//!
//! Without BMI2 the tables are indexed by "fancy" magic multiplication; the magic numbers are
//! found here by a deterministic random search, so no number is copied from anywhere. With
//! BMI2 enabled at compile time (`-C target-cpu=native` on a CPU that has it) the same tables
//! are laid out for PEXT indexing instead. Either way the generated file defines
//! `ROOK_ENTRIES`, `BISHOP_ENTRIES` (mask, magic, shift, offset per square) and
//! `SLIDER_TABLE` (all attack sets, rooks then bishops).
//!
//! It also reads the clause numbers of each edition of the Laws (`data/editions.txt`) into
//! `editions.rs`: `TABLE_YEARS` (one per column) and `TABLE_ROWS` (one per renumbered clause).

use std::env;
use std::fmt::Write as _;
use std::fs;
use std::path::Path;

use arbiter_types::{Bitboard, SplitMix64, Square};

const ROOK_DIRS: [(i8, i8); 4] = [(1, 0), (-1, 0), (0, 1), (0, -1)];
const BISHOP_DIRS: [(i8, i8); 4] = [(1, 1), (1, -1), (-1, 1), (-1, -1)];

/// The squares along each direction from `from`, nearest first, up to the edge.
fn ray(from: Square, (df, dr): (i8, i8)) -> impl Iterator<Item = Square> {
    std::iter::successors(from.offset(df, dr), move |sq| sq.offset(df, dr))
}

/// The squares a slider on `sq` attacks along `dirs` when `occ` is occupied: each ray up to
/// and including its first occupied square.
fn ray_attacks(sq: Square, occ: Bitboard, dirs: &[(i8, i8)]) -> Bitboard {
    let mut attacks = Bitboard::EMPTY;
    for &dir in dirs {
        for to in ray(sq, dir) {
            attacks = attacks.with(to);
            if occ.contains(to) {
                break;
            }
        }
    }
    attacks
}

/// The relevant occupancy: the rays without their last square (an edge square never blocks).
fn relevant_mask(sq: Square, dirs: &[(i8, i8)]) -> Bitboard {
    let mut mask = Bitboard::EMPTY;
    for &(df, dr) in dirs {
        for to in ray(sq, (df, dr)).filter(|to| to.offset(df, dr).is_some()) {
            mask = mask.with(to);
        }
    }
    mask
}

/// Every subset of `mask`, in Carry-Rippler order (which is also PEXT index order).
fn subsets(mask: u64) -> Vec<u64> {
    let mut out = Vec::with_capacity(1 << mask.count_ones());
    let mut sub = 0u64;
    loop {
        out.push(sub);
        sub = sub.wrapping_sub(mask) & mask;
        if sub == 0 {
            break;
        }
    }
    out
}

struct Entry {
    mask: u64,
    magic: u64,
    shift: u32,
    offset: usize,
}

fn build(dirs: &[(i8, i8)], pext: bool, rng: &mut SplitMix64, table: &mut Vec<u64>) -> Vec<Entry> {
    let mut entries = Vec::with_capacity(64);
    for sq in Square::all() {
        let mask = relevant_mask(sq, dirs).0;
        let bits = mask.count_ones();
        let occs = subsets(mask);
        let attacks: Vec<u64> = occs.iter().map(|&o| ray_attacks(sq, Bitboard(o), dirs).0).collect();
        let offset = table.len();
        let size = 1usize << bits;
        if pext {
            // Carry-Rippler order enumerates subsets in increasing PEXT index.
            table.extend_from_slice(&attacks);
            entries.push(Entry { mask, magic: 0, shift: 0, offset });
            continue;
        }
        let shift = 64 - bits;
        let mut slots = vec![0u64; size];
        let mut epoch = vec![0u32; size];
        let mut attempt = 0u32;
        let magic = loop {
            attempt += 1;
            let magic = rng.sparse();
            if (mask.wrapping_mul(magic) >> 56).count_ones() < 6 {
                continue;
            }
            let mut ok = true;
            for (&o, &a) in occs.iter().zip(&attacks) {
                let idx = (o.wrapping_mul(magic) >> shift) as usize;
                if epoch[idx] != attempt {
                    epoch[idx] = attempt;
                    slots[idx] = a;
                } else if slots[idx] != a {
                    ok = false;
                    break;
                }
            }
            if ok {
                break magic;
            }
        };
        table.extend_from_slice(&slots);
        entries.push(Entry { mask, magic, shift, offset });
    }
    entries
}

/// Reads `data/editions.txt` (its format is described in the file) into Rust constants. A
/// malformed table stops the build, naming the line.
fn edition_table(text: &str) -> Result<String, String> {
    let mut lines = text
        .lines()
        .enumerate()
        .map(|(i, line)| (i + 1, line.trim()))
        .filter(|(_, line)| !line.is_empty() && !line.starts_with('#'));
    let (_, header) = lines.next().ok_or("no line names the editions")?;
    let years = header
        .split_whitespace()
        .map(|year| year.parse::<u16>().map_err(|_| format!("the header names an edition {year:?}, not a year")))
        .collect::<Result<Vec<u16>, String>>()?;
    if years.windows(2).any(|w| w[0] >= w[1]) {
        return Err(format!("the editions {years:?} are not oldest first"));
    }
    let mut rows: Vec<Vec<Option<String>>> = Vec::new();
    for (number, line) in lines {
        let cells: Vec<&str> = line.split_whitespace().collect();
        if cells.len() != years.len() {
            return Err(format!("line {number}: {} numbers for {} editions", cells.len(), years.len()));
        }
        let row: Vec<Option<String>> = cells.iter().map(|c| (*c != "-").then(|| c.to_string())).collect();
        for (column, cell) in row.iter().enumerate() {
            let Some(cell) = cell else { continue };
            if !cell.chars().all(|c| c.is_ascii_alphanumeric() || c == '.') {
                return Err(format!("line {number}: {cell:?} is not a clause number"));
            }
            if rows.iter().any(|r| r[column].as_ref() == Some(cell)) {
                return Err(format!("line {number}: {cell:?} is in the {} column twice", years[column]));
            }
        }
        if row.iter().all(|cell| cell == &row[0]) {
            return Err(format!("line {number}: the same number in every edition (leave it out)"));
        }
        rows.push(row);
    }
    let mut out = String::from("// Generated by build.rs from data/editions.txt.\n");
    writeln!(out, "const TABLE_YEARS: [u16; {}] = {years:?};", years.len()).unwrap();
    writeln!(out, "const TABLE_ROWS: [[Option<&str>; {}]; {}] = [", years.len(), rows.len()).unwrap();
    for row in rows {
        let cells: Vec<String> =
            row.iter().map(|c| c.as_ref().map_or("None".into(), |c| format!("Some({c:?})"))).collect();
        writeln!(out, "    [{}],", cells.join(", ")).unwrap();
    }
    writeln!(out, "];").unwrap();
    Ok(out)
}

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=data/editions.txt");
    let out_dir = env::var("OUT_DIR").unwrap();
    let table = Path::new(&env::var("CARGO_MANIFEST_DIR").unwrap()).join("data/editions.txt");
    let editions = fs::read_to_string(table).unwrap_or_else(|e| panic!("data/editions.txt: {e}"));
    let editions = edition_table(&editions).unwrap_or_else(|e| panic!("data/editions.txt: {e}"));
    fs::write(Path::new(&out_dir).join("editions.rs"), editions).unwrap();

    println!("cargo:rerun-if-env-changed=CARGO_CFG_TARGET_FEATURE");
    let features = env::var("CARGO_CFG_TARGET_FEATURE").unwrap_or_default();
    let arch = env::var("CARGO_CFG_TARGET_ARCH").unwrap_or_default();
    let pext = arch == "x86_64" && features.split(',').any(|f| f == "bmi2");

    let mut rng = SplitMix64::new(0x9E37_79B9_7F4A_7C15);
    let mut table = Vec::new();
    let rook = build(&ROOK_DIRS, pext, &mut rng, &mut table);
    let bishop = build(&BISHOP_DIRS, pext, &mut rng, &mut table);

    let mut out = String::new();
    writeln!(out, "// Generated by build.rs: slider attack tables ({}).", if pext { "PEXT" } else { "magic" }).unwrap();
    for (name, entries) in [("ROOK_ENTRIES", &rook), ("BISHOP_ENTRIES", &bishop)] {
        writeln!(out, "pub(crate) static {name}: [SliderEntry; 64] = [").unwrap();
        for e in entries.iter() {
            writeln!(
                out,
                "    SliderEntry {{ mask: {:#x}, magic: {:#x}, shift: {}, offset: {} }},",
                e.mask, e.magic, e.shift, e.offset
            )
            .unwrap();
        }
        writeln!(out, "];").unwrap();
    }
    writeln!(out, "pub(crate) static SLIDER_TABLE: [u64; {}] = [", table.len()).unwrap();
    for chunk in table.chunks(8) {
        out.push_str("   ");
        for v in chunk {
            write!(out, " {v:#x},").unwrap();
        }
        out.push('\n');
    }
    writeln!(out, "];").unwrap();
    let dest = Path::new(&out_dir).join("slider_tables.rs");
    fs::write(dest, out).unwrap();
}
