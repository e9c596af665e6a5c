"""The designer's workbench: balance reports from many bot games (behind ``tools/balance.py``).

Modules, each with one job (docs/workbench.md describes the whole):

- :mod:`.run`: the plan of a run (arms, seeds, rotated seats, the skill gradient), playing it with
  resumption, and the report;
- :mod:`.play`: one game of bots, its ``games.jsonl`` line;
- :mod:`.execution`: this process, a local process pool or a Dask cluster, one loop for all;
- :mod:`.store`: the run folder (``run.json``, ``games.jsonl``) and game records from its lines;
- :mod:`.adapters`: each game's figures (endings, score sources, known questions, what fired);
- :mod:`.metrics`, :mod:`.stats`, :mod:`.compare`: the metrics, their intervals and the A/B tests;
- :mod:`.report`, :mod:`.plots`: ``report.json``, ``report.html``, the terminal summary, the plots;
- :mod:`.positions`: ``--from POSITION``;
- :mod:`.lab`: what the app's Rules lab needs without a window.
"""
