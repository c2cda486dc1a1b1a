/** A product the company subscribes to, as `/products` lists it and `fetch-user` embeds it. */
import { z } from 'zod';

export const productSchema = z.object({ _id: z.string(), code: z.string(), name: z.string() });

export type Product = z.infer<typeof productSchema>;
