"""The standing runner of ``bridgescan run``: Prefect and the flow loaded once, not per command.

A fresh ``bridgescan run`` on a running server spends about half its CPU importing Prefect
and running a flow in a new process (docs/batch.md, "The standing runner"). ``bridgescan
prefect start`` starts, beside the server, one process that has them loaded and runs the
command for a client:

- ``wire``: what client and runner share (standard library only): where the runner listens
  and records itself, the digest of the code it loaded, the frames on its socket;
- ``client``: what ``bridgescan run`` does first (standard library only): finds a runner of
  the same code, hands it the command and shows what it says; else the command runs in
  itself, as without a runner;
- ``standing``: the runner's process (``python -m pipeline.cli.runner.standing``);
- ``request``: one command run in the runner, with the client's working folder,
  environment, terminal and Ctrl-C;
- ``control``: the runner started and stopped with the server (``bridgescan prefect``).
"""
