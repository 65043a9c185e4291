import fastifyMultipart from '@fastify/multipart';
import { importFormFields, isErrorCode } from '@portal/shared';
import type { FastifyInstance, onRequestHookHandler } from 'fastify';
import { accountOf } from '../../http/auth.js';
import { AppError, fieldError } from '../../http/errors.js';
import { route } from '../../http/route.js';
import type { OwnerScope, OwnerScopes } from '../permissions/index.js';
import type { ImportsService } from './service.js';
import { multipartLimits, receiveForm } from './upload.js';

/** The form's text fields, checked by the shared schema; each fault named by its field. */
function readFields(fields: Map<string, string>) {
  const parsed = importFormFields.safeParse(Object.fromEntries(fields));
  if (parsed.success) return parsed.data;
  const errors = parsed.error.issues.map((issue) => fieldError(issue.path.join('.') || 'body', isErrorCode(issue.message) ? issue.message : 'FIELD_INVALID'));
  throw new AppError('VALIDATION_FAILED', { errors });
}

export function importsRoutes(imports: ImportsService, requireAccount: onRequestHookHandler, scopes: OwnerScopes, maxBytes: number) {
  return async function register(instance: FastifyInstance) {
    // Multipart is parsed only by this module's call: every other call still takes JSON alone.
    await instance.register(fastifyMultipart, { limits: multipartLimits(maxBytes) });
    // The body is read as a stream below (route: an upload's schema documents the form only).
    route(instance, 'importacao', { onRequest: requireAccount }, async (request) => {
      const principal = accountOf(request);
      const { userId } = principal;
      let scope: OwnerScope | undefined;
      const resolve = async (fields: Map<string, string>) => {
        scope = await scopes.resolve(principal, readFields(fields).prop, 'manage');
      };
      const { fields, upload } = await receiveForm(request, resolve);
      if (!upload) throw new AppError('IMPORT_FILE_REQUIRED');
      try {
        const values = readFields(fields);
        // Fields sent after the file (or a prop that changed) are resolved again.
        if (!scope || scope.ownerId !== (values.prop ?? userId)) await resolve(fields);
        return await imports.importFile(scope!, { dryRun: values.dry_run, createMissing: values.create_missing, separador: values.separador, decimal: values.decimal }, upload);
      } finally {
        await upload.discard();
      }
    });
  };
}
