//! CodeMind's older layout: `Results/IER/<bench>/<model>/<id>/{predict.txt, <model>_cot.txt}`
//! (Java under `Results/IER/Avatar/Avatar-Java/<model>/`). `predict.txt` starts with a newline and
//! may hold the sentinels `NOANSWER` or `FILE_NOT_FOUND`, which are wrong answers.

use super::prediction_folder::{folder_names, read_prediction, Origin, COT_RESPONSE_SUFFIX, PREDICTION_FILE};
use super::{claim, folder_of_program_folders, group_by_folder, Format, Reader, Reading};
use crate::input::InputFile;
use std::collections::HashSet;

pub struct CodemindIer;

const LAYOUT_FOLDER: &str = "IER";

impl Reader for CodemindIer {
    fn formats(&self) -> &'static [Format] {
        &[Format::Codemind]
    }

    fn read(&self, files: &[InputFile], unclaimed: &mut Vec<usize>, out: &mut Reading<'_>) {
        let Reading { builder, errors, .. } = out;
        let mut taken = HashSet::new();
        for (_, members) in group_by_folder(files, unclaimed.iter().copied()) {
            let predict = members.iter().copied().find(|&i| files[i].file_name() == PREDICTION_FILE);
            let response = members.iter().copied().find(|&i| files[i].file_name().ends_with(COT_RESPONSE_SUFFIX));
            let Some(any) = predict.or(response) else {
                continue;
            };
            let in_ier_folder = files[any].components().contains(&LAYOUT_FOLDER);
            if !in_ier_folder && response.is_none() {
                continue; // an ExeRScope folder: not ours
            }
            taken.extend(predict.into_iter().chain(response));
            match folder_names(files, any) {
                Ok([benchmark, model, id]) => {
                    let origin = Origin { model, benchmark, program_id: id };
                    if let Some(prediction) = read_prediction(files, predict, response, origin, errors) {
                        builder.reading_from(folder_of_program_folders(&files[any].path));
                        builder.add_prediction(prediction);
                    }
                }
                Err(e) => errors.push(e),
            }
        }
        claim(unclaimed, &taken);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn benchmark_then_model_and_the_cot_response() {
        let files = [
            InputFile::new("Results/IER/CruxEval/GPT_4/sample_0/predict.txt", "\n[1]\n"),
            InputFile::new("Results/IER/CruxEval/GPT_4/sample_0/chatgpt_4_cot.txt", "<<<Output>>>[1]"),
            InputFile::new("ER/m/b/1/predict.txt", "1"),
        ];
        let (unclaimed, builder, _) = super::super::read_alone(&CodemindIer, &files, Default::default());
        assert_eq!(unclaimed, [2], "the ExeRScope file is left to its reader");
        let prediction = &builder.raw_predictions()[0];
        assert_eq!((prediction.model.as_str(), prediction.benchmark.as_str()), ("GPT_4", "CruxEval"));
        assert_eq!(prediction.answer, "\n[1]\n");
        assert_eq!(prediction.response.as_deref(), Some("<<<Output>>>[1]"));
    }
}
