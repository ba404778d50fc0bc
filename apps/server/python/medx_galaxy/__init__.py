"""Galaxy tool semantics for MedX Workbench, without a Galaxy server (Debian's /usr/bin/python3 + python3-cheetah).

Galaxy tool XML wrappers (tools-iuc, bgruening/galaxytools chemicaltoolbox) are installed by the administrator
under apps/server/galaxy-tools; the TypeScript server stages files and runs the scripts, these programs hold the
Galaxy part. Each program is run as

    python3 -m medx_galaxy.<program> REQUEST.json ANSWER.json      ("-" = stdin/stdout, see cli.py)

Programs (the JSON interface is the brief "The Galaxy tool model"):
  load    tool XML (+ macros, tool_conf.xml) -> ToolModel JSON
  render  ToolModel + job values -> the command line and the bash script (Cheetah, Galaxy's wrappers)
  judge   exit code + stdout/stderr -> failed or not (Galaxy's stdio rules)
  collect filters, from_work_dir, format_source, discover_datasets -> the job's output files
  check   a tool test's output comparison and assertions

Shared modules: xmlread (expat with line numbers), macros, params (inputs), outputs, testcases, values (defaults
and test values), sanitize, wrappers (Cheetah search list), cheetah (compile/fill), asserts, compare.
"""
