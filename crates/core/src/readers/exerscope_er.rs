//! ExeRScope results: `Experiment_Results/ER/<model>/<bench>/<id>/{predict.txt, response.txt}`.
//! Without the `ER` folder in the path, `<bench>` is recognised by the dataset's benchmark names.

use super::prediction_folder::{folder_names, read_prediction, Origin, PREDICTION_FILE, RESPONSE_FILE};
use super::{claim, folder_of_program_folders, group_by_folder, DropContext, Format, Reader, Reading};
use crate::input::InputFile;
use std::collections::HashSet;

pub struct ExerscopeEr;

impl Reader for ExerscopeEr {
    fn formats(&self) -> &'static [Format] {
        &[Format::Exerscope]
    }

    fn read(&self, files: &[InputFile], unclaimed: &mut Vec<usize>, out: &mut Reading<'_>) {
        let Reading { context, builder, errors } = out;
        let mut taken = HashSet::new();
        for (_, members) in group_by_folder(files, unclaimed.iter().copied()) {
            let find = |name: &str| members.iter().copied().find(|&i| files[i].file_name() == name);
            let (predict, response) = (find(PREDICTION_FILE), find(RESPONSE_FILE));
            let Some(any) = predict.or(response) else {
                continue;
            };
            taken.extend(predict.into_iter().chain(response));
            let [first, second, id] = match folder_names(files, any) {
                Ok(names) => names,
                Err(e) => {
                    errors.push(e);
                    continue;
                }
            };
            let (model, benchmark) = model_and_benchmark(&files[any], first, second, context);
            let origin = Origin { model, benchmark, program_id: id };
            if let Some(prediction) = read_prediction(files, predict, response, origin, errors) {
                builder.reading_from(folder_of_program_folders(&files[any].path));
                builder.add_prediction(prediction);
            }
        }
        claim(unclaimed, &taken);
    }
}

/// `ER/<model>/<bench>` by the reference layout; when the drop starts below `ER/`, the folder
/// that names a dataset benchmark is the benchmark.
fn model_and_benchmark<'a>(
    file: &InputFile,
    first: &'a str,
    second: &'a str,
    context: &DropContext,
) -> (&'a str, &'a str) {
    let in_er_folder = file.components().contains(&"ER");
    let is_benchmark = |name: &str| context.dataset_benchmarks.contains(&name.to_lowercase());
    if !in_er_folder && !is_benchmark(second) && is_benchmark(first) {
        (second, first)
    } else {
        (first, second)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn read(files: &[InputFile], benchmarks: &[&str]) -> (Vec<crate::table::RawPrediction>, Vec<crate::FileError>) {
        let mut context = DropContext::default();
        context.dataset_benchmarks.extend(benchmarks.iter().map(|b| b.to_string()));
        let (_, builder, errors) = super::super::read_alone(&ExerscopeEr, files, context);
        (builder.raw_predictions().to_vec(), errors)
    }

    #[test]
    fn model_then_benchmark_under_er() {
        let files = [InputFile::new("Experiment_Results/ER/gpt-4/cruxeval/s0/predict.txt", "\n1\n")];
        let (predictions, errors) = read(&files, &[]);
        assert!(errors.is_empty());
        assert_eq!((predictions[0].model.as_str(), predictions[0].benchmark.as_str()), ("gpt-4", "cruxeval"));
    }

    #[test]
    fn a_dataset_benchmark_name_decides_the_order_below_er() {
        let files = [InputFile::new("cruxeval/gpt-4/s0/predict.txt", "1")];
        let (predictions, _) = read(&files, &["cruxeval"]);
        assert_eq!((predictions[0].model.as_str(), predictions[0].benchmark.as_str()), ("gpt-4", "cruxeval"));
    }

    #[test]
    fn a_lone_prediction_file_is_reported() {
        let files = [InputFile::new("predict.txt", "1")];
        let (predictions, errors) = read(&files, &[]);
        assert!(predictions.is_empty());
        assert!(errors[0].message.contains("cannot tell model and benchmark"));
    }
}
