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
  build   a parameter-builder draft -> tool XML (+ macros.xml)
  unbuild tool XML -> a parameter-builder draft, with warnings for what it cannot say
  schema  xmllint against Galaxy's tool XSD (apps/server/galaxy-xsd)
  conda   a conda package, requirements XML or environment -> dependencies

Shared modules:
  cli        the JSON command line                      xmlread    expat into elements that know their line
  xmlutil    Galaxy's readers of attribute values       macros     <macros>, <expand>, tokens
  params     <inputs> -> Param JSON                     outputs    <outputs> and <stdio> -> JSON
  testcases  <tests> -> Test JSON                       values     defaults and a test's values
  cheetah    compile and fill, errors with lines        sanitize   Galaxy's text sanitizer
  wrappers   what templates see of each value           searchlist a job's Cheetah names (checks user values)
  datatypes  is_of_type's datatype tree                 filters    output <filter> expressions
  discover   discover_datasets                          compare    diff, re_match, sim_size, contains
  asserts    assert_contents assertions
"""
