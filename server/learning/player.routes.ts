/**
 * bokecc/getCCConfig: our own player config. An owner (or anyone, for a free audition) gets the
 * courseware's media link signed for them and expiring; the segments' key is given by the key
 * route only to that same user while they own the course (server/learning/media/mediaFiles.ts).
 * A paid lesson's config also carries its protection (./protection.ts): the watermark, the seek limit.
 */
import type { MediaKind, PlayerConfig } from '../../src/domain/learning/contract';
import { LEARNING_TEXTS } from '../../src/domain/learning/texts';
import { AppError, notFound } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { getSecrets } from '../shared/secrets';
import { studyTarget } from './coursewares';
import { playerProtection } from './protection';
import { playableWare } from './media/mediaAssets';
import { grantQuery, MEDIA_PATH_PREFIX, mediaGrant } from './media/mediaLinks';

export const playerRoutes: RouteGroup = ({ db, services, cache }) => ({
  ccConfig: {
    auth: 'optional',
    async handler(request): Promise<PlayerConfig> {
      const now = services.clock.now();
      const userId = request.auth?.userId ?? null;
      const target = await studyTarget(db, cache, request.query.courseId, request.query.coursewareId, userId, now);
      const { ware, owned } = target;
      if (!owned && !ware.freeAudition) throw new AppError(403, LEARNING_TEXTS.notOwned);
      const playable = await playableWare(db, ware.id);
      let kind: MediaKind;
      let file: string;
      if (ware.type === 'EBOOK') {
        kind = 'pdf';
        file = 'document.pdf';
      } else if (playable?.asset && ware.duration > 0) {
        kind = playable.asset.kind === 'audio' ? 'audio' : 'hls';
        file = 'index.m3u8';
      } else {
        throw notFound(LEARNING_TEXTS.noMedia);
      }
      const grant = mediaGrant(ware.id, owned && userId !== null ? userId : 0, now);
      const [secrets, protection] = await Promise.all([getSecrets(db), playerProtection(db, cache, target, kind, userId)]);
      return {
        coursewareId: ware.id,
        kind,
        url: `${MEDIA_PATH_PREFIX}${ware.id}/${file}?${grantQuery(secrets.hmacKey, grant)}`,
        expiresAt: grant.expires * 1000,
        duration: ware.duration,
        poster: null,
        ...protection,
      };
    },
  },
});
