//! The whole shipped corpus against the reference core, in-process and through `arbiter serve`
//! (goal: under 1 s in-process, under 5 s through the protocol, perft cases included).

use std::time::Duration;

use arbiter_spec::adapter::Adapter;
use arbiter_spec::corpus;
use arbiter_spec::implementation::Implementation;
use arbiter_spec::profile;
use arbiter_spec::reference::Reference;
use arbiter_spec::runner::{run, RunOptions};
use criterion::{criterion_group, criterion_main, Criterion};

fn corpus_bench(c: &mut Criterion) {
    let corpus = corpus::load(&corpus::default_dir()).expect("the shipped corpus loads");
    let cases: Vec<_> = corpus.cases.iter().collect();
    let options = RunOptions::new(profile::find(profile::DEFAULT_PROFILE).expect("default profile"));
    let mut group = c.benchmark_group("corpus");
    group.sample_size(10);
    group.bench_function("in-process", |b| {
        let factory = || -> Result<Box<dyn Implementation>, String> { Ok(Box::new(Reference::default())) };
        b.iter(|| run(&cases, &factory, &options, &|_| {}))
    });
    let command = format!("{} serve", env!("CARGO_BIN_EXE_arbiter"));
    group.bench_function("arbiter-serve", |b| {
        let factory = || -> Result<Box<dyn Implementation>, String> {
            Ok(Box::new(Adapter::new(&command, Duration::from_secs(30))))
        };
        b.iter(|| run(&cases, &factory, &options, &|_| {}))
    });
    group.finish();
}

criterion_group!(benches, corpus_bench);
criterion_main!(benches);
