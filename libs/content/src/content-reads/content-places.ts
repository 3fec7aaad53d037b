import { Param } from '@nestjs/common';
import { ContentLocation } from '../revisions/read-content';

/**
 * Where content is read over HTTP: the routes' path, the route parameter naming the revision or
 * change request (none: the live content) and the location a request reads, from that parameter.
 */
export interface ContentPlace {
  path: string;
  param?: string;
  locate: (param: string) => ContentLocation;
}

export const LIVE_CONTENT: ContentPlace = { path: 'v1/spaces/:spaceId/content', locate: () => ({ at: 'live' }) };

/** A change request's content (`changeRequestId` is an id or a number). */
export const CHANGE_REQUEST_CONTENT: ContentPlace = {
  path: 'v1/spaces/:spaceId/change-requests/:changeRequestId/content',
  param: 'changeRequestId',
  locate: (changeRequest) => ({ at: 'change-request', changeRequest }),
};

/** Any revision of a space, by id. */
export const REVISION_CONTENT: ContentPlace = {
  path: 'v1/spaces/:spaceId/revisions/:revisionId',
  param: 'revisionId',
  locate: (revisionId) => ({ at: 'revision', revisionId }),
};

const noParameter = (): ParameterDecorator => () => undefined;

/** The place's route parameter, given to a route as its `at` argument (the live content has none: `at` is undefined). */
export const placeParameter = (place: ContentPlace): (() => ParameterDecorator) =>
  place.param !== undefined ? () => Param(place.param!) : noParameter;
