//! shakmaty against the corpus built into arbiter, in-process, inside `cargo test`: how a Rust
//! chess crate puts arbiter in its own tests. The known failures are the same file
//! `arbiter run --adapter ... --expect` reads; a new failure, or a listed one that passes,
//! fails this test with arbiter's report.

use arbiter_shakmaty::Shakmaty;

#[test]
fn shakmaty_departs_from_the_laws_only_where_its_known_failures_say() {
    let reports = arbiter_spec::check::check(|| Shakmaty)
        .expect_failures(include_str!("../expected-failures.txt"))
        .max_nodes(100_000)
        .jobs(2)
        .assert();
    let passed = reports.iter().filter(|r| r.outcome == arbiter_spec::outcome::Outcome::Pass).count();
    assert!(passed > 400, "only {passed} cases passed");
}

/// Without its known failures the same check fails: the test above can fail.
#[test]
fn without_the_known_failures_the_check_fails() {
    let run = std::panic::catch_unwind(|| {
        arbiter_spec::check::check(|| Shakmaty).clause("5.2.2").expect_failures("").max_nodes(100_000).assert()
    });
    let message = run.expect_err("shakmaty's dead-position departures fail the check");
    let text = message.downcast_ref::<String>().cloned().unwrap_or_default();
    assert!(text.contains("FAIL dead-blocked-pawn-wall-5-2-2"), "{text}");
}
