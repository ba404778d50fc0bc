"""MedX Workbench's chemistry programs for Debian's /usr/bin/python3 (RDKit, pdbfixer).

Each program is a module run by the server as

    python3 -m medx_chem.<program> REQUEST.json ANSWER.json

(see cli.py for the convention). The server finds this package next to its code
(apps/server/python from source, dist/python in the bundle) and puts it on
PYTHONPATH; apps/server/src/chem/python.ts is the one launcher.

Programs: embed_smiles, prepare_ligand, fix_protein, restore_poses, ring_conformers.
Shared modules: cli (the JSON command line), embedding (ETKDGv3 with a fixed seed).
"""
