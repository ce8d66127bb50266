/** What every field of a builder form may need besides its own value: the draft, its problems, the table. */
import { createContext, useContext } from 'react';
import type { UploadedMap } from '../../api/http.ts';
import type { Doc } from '../model/paths.ts';

export interface FormEnv {
  ruleset: string;
  /** The whole draft (content ids, sides). */
  doc: Doc;
  /** `skirmish validate`'s messages about exactly this field (`units[2].hp`). */
  problems(field: string): string[];
  /** The table's players, for "Played by" (with the link made for one seated from this page). */
  players: { id: string; name: string; link?: string }[];
  /** Seat a new player at the table (an invite): absent where the page cannot. */
  seatPlayer?(name: string): Promise<Seated>;
  /** Upload map art to the table: its address for `map.image.src` (components/MapArt.tsx). */
  uploadMap?(file: File): Promise<UploadedMap>;
  /** Make a new entry in the encounter's content (a new weapon...) and give its id; the caller names it by id. */
  addGear?(category: string): string | undefined;
  /** Open the gear entry of `category` with `id` in the gear library. */
  openGear?(category: string, id: string): void;
}

export interface Seated {
  id: string;
  name: string;
  /** The one-use link to hand the player. */
  link: string;
}

export const FormContext = createContext<FormEnv>({ ruleset: '', doc: {}, problems: () => [], players: [] });
export const useFormEnv = () => useContext(FormContext);
