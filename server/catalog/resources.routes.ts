/**
 * The resources page (free materials, e-books), the e-book view count, the sealed download-link
 * call, and the sales advisor's QR code.
 */
import { LEARNING_CALLS } from '../../src/domain/learning/calls';
import { DOWNLOADS_PER_HOUR, downloadFileName, type EbookViewCount, type FileDownloadInfo } from '../../src/domain/catalog/resources';
import { CATALOG_TEXTS } from '../../src/domain/catalog/texts';
import { parseSealedRequestText, sealAnswer, type SealedAnswer } from '../../src/domain/shared/sealed';
import { ownsPaidCourseOfProject } from '../commerce/entitlements';
import { currentUser } from '../shared/auth';
import { AppError, badRequest, notFound } from '../shared/envelope';
import type { RouteGroup } from '../shared/feature';
import { prepared } from '../shared/preparedJson';
import { enforceRateLimit } from '../shared/rateLimit';
import { clientIp } from '../shared/request';
import { rsaDecrypt } from '../shared/rsa';
import { existingSecrets } from '../shared/secrets';
import { findSalesAdvisor } from './advisors.queries';
import { CATALOG_SPACES } from './cacheSpaces';
import { signDownload } from './downloads';
import { countDownload, countEbookView, findOnSaleEbook, findResource, listEbooks, listFreeResources } from './resources.queries';

const INT4_MAX = 2_147_483_647;

/** The one field a download request carries, checked by hand: it arrives sealed, past the schema. */
function resourceIdOf(body: unknown): number {
  const id = typeof body === 'object' && body !== null ? (body as { resourceId?: unknown }).resourceId : undefined;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1 || id > INT4_MAX) throw badRequest('参数 resourceId 必须是正整数');
  return id;
}

export const resourcesRoutes: RouteGroup = ({ db, cache, services }) => ({
  resourceFreePageList: {
    handler: (request) => listFreeResources(db, request.body),
  },

  resourceInfoList: {
    handler: (request) => listEbooks(db, request.body),
  },

  ebookAddViewNum: {
    async handler(request): Promise<EbookViewCount> {
      const { id } = request.params;
      if (!(await findOnSaleEbook(db, id))) throw notFound(CATALOG_TEXTS.ebookNotFound);
      return countEbookView(db, id, clientIp(request));
    },
  },

  fileDownloadUrl: {
    auth: 'required',
    async handler(request): Promise<SealedAnswer<FileDownloadInfo>> {
      const user = currentUser(request);
      // No secrets yet: no key was ever handed out, so nothing can be sealed for us.
      const secrets = await existingSecrets(db);
      const plain = secrets && rsaDecrypt(secrets.rsaPrivateKeyPem, request.body.sealed);
      const content = plain ? parseSealedRequestText(plain) : null;
      if (!secrets || !content) throw badRequest(CATALOG_TEXTS.sealedRequestInvalid);
      const resourceId = resourceIdOf(content.body);
      await enforceRateLimit(db, `download:user:${user.userId}`, DOWNLOADS_PER_HOUR, 3600, CATALOG_TEXTS.downloadTooFrequent);
      const resource = await findResource(db, resourceId);
      if (!resource) throw notFound(CATALOG_TEXTS.resourceNotFound);
      // A paid resource is for the students of its project: live access to a paid course of it.
      if (!resource.free && !(await ownsPaidCourseOfProject(db, user.userId, resource.projectId, services.clock.now())))
        throw new AppError(403, CATALOG_TEXTS.resourceNotFree);
      const { url, expiresAt } = signDownload(secrets.hmacKey, resource.id, user.userId);
      await countDownload(db, resource.id);
      const info: FileDownloadInfo = {
        url,
        fileName: downloadFileName(resource.title, resource.fileType),
        size: resource.sizeBytes,
        expiresAt: expiresAt.toISOString(),
      };
      return sealAnswer(content.key, info, LEARNING_CALLS.fileDownloadUrl.path);
    },
  },

  salesQrcode: {
    handler: (request) => {
      const projectId = request.body.projectId || null;
      return cache.get(
        CATALOG_SPACES.advisors,
        String(projectId ?? 0),
        prepared(() => findSalesAdvisor(db, projectId)),
      );
    },
  },
});
