"""The part of Galaxy's datatype class tree that `$input.is_of_type("x")` and format checks need.

Galaxy answers is_of_type by subclassing (lib/galaxy/datatypes/*.py): an sdf dataset "is of type" txt because
SDF derives from GenericMolFile, which derives from Text. Each extension here names its parent extension;
an unknown extension is a direct child of "data".
"""

PARENT = {
    'data': None,
    'binary': 'data', 'txt': 'data', 'text': 'data', 'zip': 'binary', 'tar': 'binary', 'png': 'binary',
    'jpg': 'binary', 'pdf': 'binary', 'h5': 'binary', 'sqlite': 'binary', 'bam': 'binary', 'npz': 'binary',
    'tabular': 'txt', 'csv': 'tabular', 'tsv': 'tabular', 'interval': 'tabular', 'bed': 'interval',
    'json': 'txt', 'xml': 'txt', 'html': 'txt', 'svg': 'xml', 'fasta': 'txt', 'fastq': 'txt', 'sam': 'tabular',
    'vcf': 'tabular', 'gff': 'interval', 'yaml': 'txt', 'markdown': 'txt', 'cwl': 'txt',
    # Chemistry (lib/galaxy/datatypes/molecules.py).
    'mol': 'txt', 'sdf': 'txt', 'mol2': 'txt', 'pdb': 'txt', 'pdbqt': 'txt', 'xyz': 'txt', 'cml': 'xml',
    'smi': 'txt', 'inchi': 'txt', 'fps': 'txt', 'obfs': 'binary', 'phar': 'txt', 'mmcif': 'txt', 'gro': 'txt',
    'pqr': 'txt', 'dcd': 'binary', 'xtc': 'binary', 'trr': 'binary', 'psf': 'txt', 'top': 'txt', 'itp': 'txt',
    'mdp': 'txt', 'ndx': 'txt', 'tpr': 'binary', 'grd': 'txt', 'grdtgz': 'binary', 'dlg': 'txt', 'cif': 'txt',
}


def ancestry(ext):
    """ext and every extension it derives from, up to "data"."""
    chain = []
    current = ext
    while current is not None and current not in chain:
        chain.append(current)
        current = PARENT.get(current, 'data' if current != 'data' else None)
    return chain


def is_of_type(ext, *exts):
    """Galaxy's DatasetFilenameWrapper.is_of_type: the dataset's datatype is one of exts or derives from one."""
    chain = ancestry(ext or 'data')
    return any(e in chain for e in exts)


def matches(ext, formats):
    """A data param accepting formats takes a dataset of ext (same subclass rule; "data" takes everything)."""
    return not formats or is_of_type(ext, *formats)
