"""Helpers shared by the MedX MDAnalysis tool scripts (Debian's python3-mdanalysis)."""
import warnings

# MDAnalysis 2.4 on Python 3.11 warns about xdrlib when imported (its own warning filter shows it whatever ours
# says, so xdrlib is imported quietly first), and about guessed masses and elements of GROMACS and PDB files; none
# of it concerns the results.
with warnings.catch_warnings():
    warnings.simplefilter('ignore')
    import xdrlib  # noqa: F401
warnings.filterwarnings('ignore', message='.*(Element information|Failed to guess the mass|No dimensions|Reader has no '
                        'dt information|Unit cell dimensions not found).*')

# Galaxy format -> MDAnalysis format name
TOPOLOGY_FORMATS = {'pdb': 'PDB', 'gro': 'GRO', 'psf': 'PSF', 'mol2': 'MOL2'}
TRAJECTORY_FORMATS = {'xtc': 'XTC', 'trr': 'TRR', 'dcd': 'DCD', 'pdb': 'PDB', 'gro': 'GRO'}


def universe(topology, topology_ext, trajectory=None, trajectory_ext=None):
    """An MDAnalysis Universe with the formats given by the Galaxy extensions, not guessed from file names."""
    import MDAnalysis as mda

    if topology_ext not in TOPOLOGY_FORMATS:
        raise SystemExit('Unsupported topology format: %s' % topology_ext)
    kwargs = {'topology_format': TOPOLOGY_FORMATS[topology_ext]}
    if trajectory is None:
        return mda.Universe(topology, **kwargs)
    if trajectory_ext not in TRAJECTORY_FORMATS:
        raise SystemExit('Unsupported trajectory format: %s' % trajectory_ext)
    return mda.Universe(topology, trajectory, format=TRAJECTORY_FORMATS[trajectory_ext], **kwargs)


def select(u, selection, what):
    try:
        atoms = u.select_atoms(selection)
    except Exception as error:  # MDAnalysis raises several types for a bad selection
        raise SystemExit('Invalid %s selection "%s": %s' % (what, selection, error))
    if len(atoms) == 0:
        raise SystemExit('The %s selection "%s" matches no atom' % (what, selection))
    return atoms
