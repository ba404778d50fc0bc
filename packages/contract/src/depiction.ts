import { z } from 'zod';
import { bodyIdField } from './fields';

/**
 * 2D coordinates for a molecule graph (issue 12 point 2, the 2D interaction diagram; the path
 * is ours, the spec shows none). The web sends a ligand's heavy atoms and bonds as Mol* read
 * them from the 3D structure; the server lays them out with RDKit and answers one (x, y) per
 * atom, in the order sent, so the diagram can join each 3D contact to its 2D atom. Reading
 * the project is enough: nothing is stored.
 */
export const LAYOUT_2D_LIMITS = {
  /** Heavy atoms: drug-sized ligands have < 100; cofactors and peptides a few hundred. */
  atomsMax: 300,
  bondsMax: 400,
} as const;

const element = z.string({ error: 'invalidValue' }).regex(/^[A-Za-z]{1,3}$/, 'invalidValue');

/** Bond orders: 1, 2, 3 as usual; 4 is aromatic (molfile convention). */
const bond = z.tuple(
  [
    z.number({ error: 'invalidValue' }).int('invalidValue').min(0, 'invalidValue'),
    z.number({ error: 'invalidValue' }).int('invalidValue').min(0, 'invalidValue'),
    z.number({ error: 'invalidValue' }).int('invalidValue').min(1, 'invalidValue').max(4, 'invalidValue'),
  ],
  { error: 'invalidValue' },
);

/** POST /v1/depiction/layout-2d */
export const Layout2dRequest = z
  .object({
    project_id: bodyIdField,
    atoms: z
      .array(element, { error: 'invalidValue' })
      .min(1, 'invalidValue')
      .max(LAYOUT_2D_LIMITS.atomsMax, 'invalidValue'),
    bonds: z.array(bond, { error: 'invalidValue' }).max(LAYOUT_2D_LIMITS.bondsMax, 'invalidValue'),
  })
  .superRefine((body, ctx) => {
    body.bonds.forEach(([a, b], i) => {
      if (a === b || a >= body.atoms.length || b >= body.atoms.length) {
        ctx.addIssue({ code: 'custom', path: ['bonds', i], message: 'invalidValue' });
      }
    });
  });
export type Layout2dRequest = z.infer<typeof Layout2dRequest>;

/** One [x, y] per atom of the request, in its order (RDKit's units: about 1.5 per bond). */
export const Layout2dResult = z.object({ coords: z.array(z.tuple([z.number(), z.number()])) });
export type Layout2dResult = z.infer<typeof Layout2dResult>;
