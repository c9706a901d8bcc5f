import {
  adminMemberApi,
  adminSecurityApi,
  adminUserApi,
  consoleApi,
  permissionsFor,
  Role,
  staffRoles,
} from '@chatpay/shared';
import type { AppDeps } from '../../http/deps.ts';
import { route } from '../../http/route.ts';
import { presentMember, StaffService } from './staff.ts';
import { StaffRequestService } from './staff-requests.ts';

export const registerAdminUserRoutes = (deps: AppDeps) => {
  const staff = new StaffService(deps);
  route(deps, adminUserApi.page, async (input) => {
    const page = await staff.search(input);
    return { ...page, list: page.list.map(({ frozen: _frozen, ...m }) => m) };
  });
  route(deps, adminMemberApi.search, (input) => staff.search(input));
  route(deps, adminMemberApi.resolve, async ({ who }) => presentMember(await staff.resolve(who)));
  route(deps, adminMemberApi.freeze, (input, ctx) => staff.freeze(ctx.user.id, input));
  route(deps, adminMemberApi.logout, (input, ctx) => staff.logout(ctx.user.id, input.userId));
  route(deps, adminMemberApi.unlockPin, (input, ctx) => staff.unlockPin(ctx.user.id, input.userId));
  route(deps, consoleApi.staffPage, (input) => staff.search({ ...input, staffOnly: true }));
  const requests = new StaffRequestService(deps);
  // Every console reloads its `staffRequest` badge when one is filed or decided.
  const staffEvent = <T>(answer: T) => {
    deps.realtime.emitToStaff('console', { kind: 'staffRequest' });
    return answer;
  };
  route(deps, consoleApi.staffAdd, async (input, ctx) =>
    staffEvent(await requests.addStaff(ctx.user.id, input)),
  );
  route(deps, consoleApi.staffRoles, async (input, ctx) =>
    staffEvent(await requests.setRoles(ctx.user.id, input.userId, input.roles)),
  );
  route(deps, consoleApi.staffRequestPage, (input) => requests.page(input));
  route(deps, consoleApi.staffRequestApprove, async (input, ctx) =>
    staffEvent(await requests.decide(ctx.user.id, input.id, 'approve')),
  );
  route(deps, consoleApi.staffRequestReject, async (input, ctx) =>
    staffEvent(await requests.decide(ctx.user.id, input.id, 'reject', input.note)),
  );
  // Second-factor resets (docs/security.md, "Losing every factor"): support files and decides them too.
  const resetEvent = <T>(answer: T) => {
    deps.realtime.emitToStaff('console', { kind: 'factorReset' });
    return answer;
  };
  const resets = ['resetFactor'] as const;
  route(deps, adminSecurityApi.resetFactors, async (input, ctx) =>
    resetEvent(await requests.resetFactor(ctx.user.id, input)),
  );
  route(deps, adminSecurityApi.resetRequestPage, (input) => requests.page(input, resets));
  route(deps, adminSecurityApi.resetRequestApprove, async (input, ctx) =>
    resetEvent(await requests.decide(ctx.user.id, input.id, 'approve', '', resets)),
  );
  route(deps, adminSecurityApi.resetRequestReject, async (input, ctx) =>
    resetEvent(await requests.decide(ctx.user.id, input.id, 'reject', input.note, resets)),
  );
  route(deps, consoleApi.roleList, () =>
    staffRoles.map((name) => ({
      name,
      permissions: name === Role.Admin ? ['*'] : permissionsFor([name]),
    })),
  );
};
