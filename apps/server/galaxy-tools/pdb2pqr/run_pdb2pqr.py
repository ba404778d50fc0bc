"""Runs PDB2PQR (Debian's pdb2pqr 3.5.2) with its command-line arguments, with one fix for PROPKA.

PDB2PQR 3.5.2 writes the structure for PROPKA to a temporary file and has PROPKA read it back before the write
is flushed, so PROPKA sees an empty file and every run with --titration-state-method propka stops with
"The pdb file does not seem to contain any molecular conformations". Opening that temporary file line-buffered
(every written line reaches the file at once) is the whole fix; nothing else of PDB2PQR changes.
"""
import functools
import importlib
import sys
import tempfile


def main():
    # The module, not the package attribute: pdb2pqr/__init__.py binds the name "main" to the function.
    module = importlib.import_module('pdb2pqr.main')
    module.NamedTemporaryFile = functools.partial(tempfile.NamedTemporaryFile, buffering=1)
    sys.argv[0] = 'pdb2pqr30'
    return module.main()


if __name__ == '__main__':
    sys.exit(main())
