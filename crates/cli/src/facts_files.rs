//! `--facts DIR`: the joined facts as Parquet, for the engines a lab already runs when its
//! predictions outgrow one machine (DuckDB on a laptop, Spark or Trino on a cluster). Two files:
//!
//! - `programs.parquet`: one row per program: `benchmark`, `id`, `language`, every numeric
//!   property by its stable name (as in the report; `null` where a program has none), the
//!   expected output's types, its run's `outcome` and `returns_expected`, and one boolean column
//!   per construct (`construct_<name>`) and per reference construct (`reference_construct_<name>`).
//! - `predictions.parquet`: one row per prediction: `model`, `benchmark`, `task`, `program` (the
//!   id), `sample`, `verdict_<judge>` for every judge, `stored_verdict` (the results file's own,
//!   `null` where it had none) and the answer's types.
//!
//! `(benchmark, program)` joins the two. The values are the facts the report's statistics are
//! computed from: nothing is computed here.

use arrow_array::types::UInt32Type;
use arrow_array::{ArrayRef, BooleanArray, DictionaryArray, Float64Array, RecordBatch, StringArray, UInt32Array};
use exerscope_core::extractors::{Construct, ReferenceConstruct};
use exerscope_core::facts::ProgramFacts;
use exerscope_core::numeric::NumericProperty;
use exerscope_core::table::Task;
use exerscope_core::types::ReferenceType;
use exerscope_core::{Analysis, Facts, Judge};
use parquet::arrow::ArrowWriter;
use parquet::basic::Compression;
use parquet::file::properties::WriterProperties;
use std::path::Path;
use std::sync::Arc;

/// Writes `programs.parquet` and `predictions.parquet` into `dir` (made if missing).
pub fn write(dir: &Path, analysis: &Analysis) -> Result<(), String> {
    std::fs::create_dir_all(dir).map_err(|e| format!("{}: {e}", dir.display()))?;
    let batches = [("programs.parquet", programs(&analysis.facts)), ("predictions.parquet", predictions(analysis))];
    for (name, batch) in batches {
        let path = dir.join(name);
        let batch = batch.map_err(|e| format!("{}: {e}", path.display()))?;
        write_batch(&path, &batch).map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(())
}

fn write_batch(path: &Path, batch: &RecordBatch) -> Result<(), Box<dyn std::error::Error>> {
    let file = std::fs::File::create(path)?;
    let properties = WriterProperties::builder().set_compression(Compression::SNAPPY).build();
    let mut writer = ArrowWriter::try_new(file, batch.schema(), Some(properties))?;
    writer.write(batch)?;
    writer.close()?;
    Ok(())
}

/// A column of `rows` strings drawn from `names` (a model, a benchmark, a type): stored once each.
fn named(keys: impl Iterator<Item = usize>, names: &[impl AsRef<str>]) -> Result<ArrayRef, arrow_schema::ArrowError> {
    let keys: UInt32Array = keys.map(|key| key as u32).collect();
    let values = StringArray::from_iter_values(names.iter().map(AsRef::as_ref));
    Ok(Arc::new(DictionaryArray::<UInt32Type>::try_new(keys, Arc::new(values))?))
}

type Column = (String, ArrayRef, bool);

fn column(name: impl Into<String>, values: impl Into<ArrayRef>) -> Column {
    (name.into(), values.into(), true)
}

fn programs(facts: &Facts) -> Result<RecordBatch, arrow_schema::ArrowError> {
    let programs = &facts.programs;
    let strings = |value: &dyn Fn(&ProgramFacts) -> Option<&str>| -> ArrayRef {
        Arc::new(programs.iter().map(value).collect::<StringArray>())
    };
    let booleans = |value: &dyn Fn(&ProgramFacts) -> Option<bool>| -> ArrayRef {
        Arc::new(programs.iter().map(value).collect::<BooleanArray>())
    };
    let mut columns = vec![
        column("benchmark", named(programs.iter().map(|p| p.benchmark as usize), &facts.benchmarks)?),
        column("id", strings(&|p| Some(&p.id))),
        column("language", strings(&|p| Some(p.language.name()))),
    ];
    for property in NumericProperty::ALL {
        let values: Float64Array = programs.iter().map(|p| property.value(p)).collect();
        columns.push(column(property.name(), Arc::new(values) as ArrayRef));
    }
    columns.extend([
        column("output_type_reference", strings(&|p| Some(p.output_type_reference.name()))),
        column("output_type", named(programs.iter().map(|p| usize::from(p.output_type)), &facts.type_names)?),
        column("outcome", strings(&|p| p.dynamic.as_ref().map(|d| d.outcome.as_str()))),
        column("returns_expected", booleans(&|p| p.dynamic.as_ref().and_then(|d| d.returns_expected))),
    ]);
    for construct in Construct::ALL {
        columns
            .push(column(format!("construct_{}", construct.name()), booleans(&|p| Some(p.constructs.has(construct)))));
    }
    for construct in ReferenceConstruct::ALL {
        let name = format!("reference_construct_{}", construct.name());
        columns.push(column(name, booleans(&|p| Some(p.reference_constructs.has(construct)))));
    }
    RecordBatch::try_from_iter_with_nullable(columns)
}

fn predictions(analysis: &Analysis) -> Result<RecordBatch, arrow_schema::ArrowError> {
    let (facts, table) = (&analysis.facts, &analysis.table.predictions);
    let p = &facts.predictions;
    let program = |i: usize| &facts.programs[p.program[i] as usize];
    let rows = 0..p.len();
    let tasks: Vec<&str> = Task::ALL.iter().map(|t| t.name()).collect();
    let mut columns = vec![
        column("model", named(p.model.iter().map(|&m| m as usize), &facts.models)?),
        column("benchmark", named(rows.clone().map(|i| program(i).benchmark as usize), &facts.benchmarks)?),
        column("task", named(p.task.iter().map(|&t| position(&Task::ALL, t)), &tasks)?),
        column(
            "program",
            Arc::new(rows.clone().map(|i| Some(program(i).id.as_str())).collect::<StringArray>()) as ArrayRef,
        ),
        column("sample", Arc::new(UInt32Array::from(table.sample.clone())) as ArrayRef),
    ];
    for judge in Judge::ALL {
        let verdicts = BooleanArray::from(p.verdicts(judge).to_vec());
        columns.push(column(format!("verdict_{}", judge.name()), Arc::new(verdicts) as ArrayRef));
    }
    let references: Vec<&str> = ReferenceType::ALL.iter().map(|t| t.name()).collect();
    columns.extend([
        column("stored_verdict", Arc::new(BooleanArray::from(table.stored_verdict.clone())) as ArrayRef),
        column("answer_type", named(p.answer_type.iter().map(|&t| usize::from(t)), &facts.type_names)?),
        column(
            "answer_type_reference",
            named(p.answer_type_reference.iter().map(|&t| position(&ReferenceType::ALL, t)), &references)?,
        ),
    ]);
    RecordBatch::try_from_iter_with_nullable(columns)
}

/// Where `value` is in `all` (every variant of its enum).
fn position<T: PartialEq>(all: &[T], value: T) -> usize {
    all.iter().position(|v| *v == value).expect("ALL holds every variant")
}
