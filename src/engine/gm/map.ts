/**
 * Map art: the GM puts an image under the grid (or behind the zones), fits and offsets it, or takes it
 * away. It is part of the map, so it is kept with the encounter (replay, export) and every page shows it.
 */
import { fail } from '../rejection.ts';
import type { CommandHandler, Ruleset } from '../ruleset.ts';
import { mapImageFrom, tableImageSchema } from '../space/map-image.ts';
import { gmCommand } from './command.ts';
import { zodProblem } from './problem.ts';

export function mapCommands(ruleset: Ruleset): Record<string, CommandHandler> {
  return {
    /** {image: {src, x?, y?, width?, height?, opacity?, credit?} | null}: set or remove the map art. */
    'gm.map_image': gmCommand(ruleset, (ctx, cmd) => {
      const map = ctx.state.map;
      if (!map) fail('gm/no_map', 'this encounter has no battlefield to put an image under', 'image');
      if (cmd.image === null) {
        if (!map.image) fail('gm/no_image', 'the map has no image to take away', 'image');
        const { image: _image, ...rest } = map;
        ctx.emit({ type: 'map.set', map: rest });
        return;
      }
      // the same checks as a file's and an import's art (map-image.ts), for an image sent to the table
      const r = tableImageSchema.safeParse(cmd.image);
      if (!r.success) fail('gm/bad_image', zodProblem(r.error, 'image'), 'image');
      ctx.emit({ type: 'map.set', map: { ...map, image: mapImageFrom(r.data) } });
    }),
  };
}
