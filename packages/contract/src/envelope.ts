import { z } from 'zod';

/** Every answer of the API: {success, msg, data} (spec §7). */
export function envelope<T extends z.ZodType>(data: T) {
  return z.object({ success: z.boolean(), msg: z.string(), data });
}

export interface Envelope<T> {
  success: boolean;
  msg: string;
  data: T;
}

export const Paged = <T extends z.ZodType>(item: T) => z.object({ total: z.number().int(), items: z.array(item) });
