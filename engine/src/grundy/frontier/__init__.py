"""The open problems computed far (issue 50): three-row Chomp and the triangular
chocolates' P-positions by the unique-first-coordinate method, streamed column by column
with bit sets under the work model (`chomp3`, `chocolate`, described by `problems`); their
data files (`data`); the command `grundy frontier` (`command`); and a sweep of independent
jobs on Dask (`sweep`, with its registry of job kinds `jobs`; Dask is optional).

`import grundy` loads only `chomp3` (games.chomp's three_row_p_positions uses it)."""
