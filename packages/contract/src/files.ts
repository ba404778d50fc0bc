import { z } from 'zod';
import { idParam, limitField, pageField, requiredString } from './fields';
import { LIMITS } from './limits';

/** file_type values (spec §3). */
/** Text datatypes Galaxy tools write (docs/decisions.md "Tools"): readable in the text viewer. */
const GALAXY_TEXT_TYPES = ['TABULAR', 'TSV', 'FASTA', 'PQR', 'HMM3', 'STOCKHOLM', 'CLUSTAL', 'NEEDLE', 'ALN'] as const;

export const FILE_TYPES = [
  'PDB',
  'PDBQT',
  'SMI',
  'SMILES',
  'SDF',
  'CIF',
  'XYZ',
  'MOL2',
  'INCHI',
  'GRO',
  'TOP',
  'MDP',
  'ITP',
  'NETCDF',
  'TXT',
  'JSON',
  'XVG',
  'BCIF',
  'NDX',
  'CSV',
  'HTML',
  'HTM',
  'PLY',
  'JPG',
  'JPEG',
  'PNG',
  'GIF',
  'BMP',
  'WEBP',
  'SVG',
  'ICO',
  'TIFF',
  'TIF',
  ...GALAXY_TEXT_TYPES,
] as const;
export const FileType = z.enum(FILE_TYPES);
export type FileType = z.infer<typeof FileType>;

/** Types whose content may be read, edited and exported as text (spec §5). */
export const EDITABLE_TYPES: readonly FileType[] = [
  'PDB',
  'PDBQT',
  'SMI',
  'SDF',
  'CIF',
  'XYZ',
  'MOL2',
  'INCHI',
  'GRO',
  'TOP',
  'MDP',
  'ITP',
  'NETCDF',
  'TXT',
  'JSON',
  'XVG',
  'BCIF',
  'NDX',
  'CSV',
  ...GALAXY_TEXT_TYPES,
];

/** Extensions the Import Structure dialog accepts (spec §5). */
export const IMPORT_EXTENSIONS = [
  'ccp4',
  'pdb',
  'pdbqt',
  'smi',
  'sdf',
  'cif',
  'extendedxyz',
  'xyz',
  'mol2',
  'inchi',
  'gro',
  'top',
  'dcd',
  'xtc',
  'trr',
  'edr',
  'cpt',
  'tpr',
  'mdp',
  'itp',
  'netcdf',
  'txt',
  'xvg',
  'zip',
  'tar',
  'cub',
  'bcif',
] as const;

/** Extensions that can be merged into one PDB (spec §5). */
export const MERGE_EXTENSIONS = ['sdf', 'pdb', 'mol2', 'smi'] as const;
/** Extensions that can be split (spec §5). */
export const SPLIT_EXTENSIONS = ['pdb', 'sdf', 'mol2', 'smi'] as const;

export const SourceType = z.enum(['GET_PDB', 'ALIYUN']);
export type SourceType = z.infer<typeof SourceType>;

/** file_type for an extension (spec §3): the upper-case extension, SDF for .mol. */
export function fileTypeForExt(ext: string): string {
  const upper = ext.toUpperCase();
  return upper === 'MOL' ? 'SDF' : upper;
}

export const ProjectFile = z.object({
  id: z.number().int(),
  name: z.string(),
  ext: z.string(),
  file_type: z.string(),
  source_type: SourceType,
  size: z.number().int(),
  created_at: z.string(),
  is_file: z.literal(true),
  group_id: z.number().int().nullable(),
  project_id: z.number().int(),
  is_show_entry: z.boolean(),
  is_job_result: z.boolean(),
  job_id: z.number().int().nullable(),
  description: z.string().nullable(),
  /** Where the browser downloads the content (same origin, token header). */
  url: z.string(),
  index: z.number().int().optional(),
});
export type ProjectFile = z.infer<typeof ProjectFile>;

export const FileGroup = z.object({
  id: z.number().int(),
  name: z.string(),
  created_at: z.string(),
  is_file: z.literal(false),
  project_id: z.number().int(),
  files: z.array(ProjectFile),
  index: z.number().int().optional(),
});
export type FileGroup = z.infer<typeof FileGroup>;

export const FileIdParams = z.object({ id: idParam });

const fileNameField = requiredString('fileNameRequired')
  .trim()
  .min(1, 'fileNameRequired')
  .max(LIMITS.fileNameMax, 'fileNameTooLong');

/** POST /v1/files: an entry for an object the browser uploaded (file_url = the upload id). */
export const CreateFileRequest = z.object({
  name: fileNameField,
  project_id: z.number({ error: 'fieldRequired' }).int().positive(),
  file_url: requiredString().min(1, 'fieldRequired').max(300, 'invalidValue'),
  ext: requiredString().trim().toLowerCase().min(1, 'fieldRequired').max(16, 'invalidValue'),
  file_type: z.string().optional(),
  source_type: SourceType.default('ALIYUN'),
  is_show_entry: z.boolean().default(true),
});
export type CreateFileRequest = z.input<typeof CreateFileRequest>;

export const CreatedFile = z.object({ id: z.number().int(), name: z.string(), ext: z.string() });

/** Archives expand into several entries. */
export const CreateFileResult = CreatedFile.extend({ files: z.array(ProjectFile) });
export type CreateFileResult = z.infer<typeof CreateFileResult>;

export const FileListQuery = z.object({
  project_id: z.coerce.number({ error: 'fieldRequired' }).int().positive(),
  /** One type or a comma-separated list. */
  file_type: z.string().max(200).optional(),
  page: pageField,
  limit: limitField(5),
  query_item: z.string().trim().max(100).optional(),
  order_by: z.enum(['created_at', 'name']).default('created_at'),
  sort: z.enum(['desc', 'asc']).default('desc'),
});
export type FileListQuery = z.input<typeof FileListQuery>;

export const FileList = z.object({ total: z.number().int(), items: z.array(ProjectFile) });
export type FileList = z.infer<typeof FileList>;

export const RenameFileRequest = z.object({ name: fileNameField, is_file: z.boolean().optional() });
export const FileContent = z.object({ content: z.string() });
export const UpdateContentRequest = z.object({
  content: z.string({ error: 'fieldRequired' }).max(50 * 1024 * 1024, 'payloadTooLarge'),
});
/** After an edit the entry may have a new id (GET_PDB files are re-stored, spec §4). */
export const UpdateContentResult = z.object({ file: ProjectFile, replaced_id: z.number().int().nullable() });
export type UpdateContentResult = z.infer<typeof UpdateContentResult>;

export const NewFilesResult = z.object({ files: z.array(ProjectFile) });
export type NewFilesResult = z.infer<typeof NewFilesResult>;

export const ConvertToSmilesRequest = z.object({ is_return_img: z.boolean().default(false) }).nullish();
export const SmilesResult = z.object({ smiles: z.string(), base64: z.string().nullable() });
export const ConvertContentToSmilesRequest = z.object({
  ext: requiredString().trim().toLowerCase().min(1, 'fieldRequired'),
  content: requiredString()
    .min(1, 'fieldRequired')
    .max(5 * 1024 * 1024, 'payloadTooLarge'),
});

export const ConvertTo3dRequest = z.object({ is_new_entry: z.boolean().default(true) }).nullish();
export const ConvertTo3dResult = z.object({ content: z.string(), file: ProjectFile.nullable() });

export const FileIdsRequest = z.object({
  file_ids: z.array(z.number().int().positive(), { error: 'fieldRequired' }).min(1, 'fieldRequired').max(500),
  name: z.string().trim().max(LIMITS.fileNameMax, 'fileNameTooLong').optional(),
});
export type FileIdsRequest = z.infer<typeof FileIdsRequest>;

export const MultiPreloadRequest = z.object({
  ids: z.array(z.number().int().positive()).min(1, 'fieldRequired').max(100),
});
export const PreloadedFile = z.object({ id: z.number().int(), name: z.string(), ext: z.string(), content: z.string() });

export const GetPdbRequest = z.object({
  project_id: z.number({ error: 'fieldRequired' }).int().positive(),
  pdb_id: requiredString('pdbIdRequired')
    .trim()
    .min(1, 'pdbIdRequired')
    .regex(/^[0-9][A-Za-z0-9]{3}$/, 'pdbIdInvalid')
    .transform((v) => v.toUpperCase()),
  is_show_entry: z.boolean().default(true),
});
export type GetPdbRequest = z.input<typeof GetPdbRequest>;

export const Show3dResult = z.object({
  id: z.number().int(),
  name: z.string(),
  ext: z.string(),
  /** Mol* format name for the parser. */
  format: z.string(),
  url: z.string(),
  is_binary: z.boolean(),
});

/** Upload route the browser uses (GET /v1/files/sts): tus resumable uploads to our own server. */
export const UploadCredentials = z.object({
  protocol: z.literal('tus'),
  endpoint: z.string(),
  chunk_size: z.number().int(),
  parallel_uploads: z.number().int(),
  retries: z.number().int(),
  max_size: z.number().int(),
  refresh_seconds: z.number().int(),
  project_id: z.number().int().nullable(),
});
export type UploadCredentials = z.infer<typeof UploadCredentials>;

export const UPLOAD_POLICY = {
  chunkSize: 10 * 1024 * 1024,
  parallelUploads: 2,
  retries: 3,
  refreshSeconds: 50 * 60,
} as const;

// Groups
export const AddGroupRequest = z.object({
  name: z.string().trim().min(1, 'fieldRequired').max(LIMITS.fileNameMax, 'fileNameTooLong').default('New Group'),
  project_id: z.number({ error: 'fieldRequired' }).int().positive(),
  ids: z.array(z.number().int().positive(), { error: 'fieldRequired' }).min(1, 'fieldRequired'),
});
export type AddGroupRequest = z.input<typeof AddGroupRequest>;
export const RenameGroupRequest = z.object({ name: fileNameField });
export const GroupFilesQuery = z.object({
  group_id: z.string().regex(/^\d+(,\d+)*$/, 'invalidValue'),
  file_type: z.string().max(200).optional(),
});

/** Bundled sample structures, importable offline. */
export const Sample = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string(),
  files: z.array(z.string()),
});
export type Sample = z.infer<typeof Sample>;
export const ImportSampleRequest = z.object({
  project_id: z.number({ error: 'fieldRequired' }).int().positive(),
  sample_id: requiredString().min(1, 'fieldRequired').max(64, 'invalidValue'),
});
