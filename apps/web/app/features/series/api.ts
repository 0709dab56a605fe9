import {
  type CreateSeriesBody,
  okEnvelopeSchema,
  type SeriesListQuery,
  seriesListResponseSchema,
  seriesResponseSchema,
  type UpdateSeriesBody,
} from "@serene/contract";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { apiList, apiRequest } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

// The back office's series (/user/series): ordered sets of 2-30 contents listeners play through.

export type SeriesListParams = Partial<SeriesListQuery>;

/** GET /user/series: one page of series, newest first, searched by title. */
export const seriesListQuery = (params: SeriesListParams) =>
  queryOptions({
    queryKey: [...queryKeys.series.all, "list", params],
    queryFn: ({ signal }) =>
      apiList("/user/series", { query: params, schema: seriesListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const createSeries = (body: CreateSeriesBody) =>
  apiRequest("/user/series", { method: "POST", body, schema: seriesResponseSchema });
export const updateSeries = (id: string, body: UpdateSeriesBody) =>
  apiRequest(`/user/series/${encodeURIComponent(id)}`, {
    method: "PATCH",
    body,
    schema: seriesResponseSchema,
  });
export const deleteSeries = (id: string) =>
  apiRequest(`/user/series/${encodeURIComponent(id)}`, { method: "DELETE", schema: okEnvelopeSchema });
