import type { CreateSeriesBody, SeriesListQuery, UpdateSeriesBody } from "@serene/contract";
import { endpoints } from "@serene/contract/endpoints";
import { keepPreviousData, queryOptions } from "@tanstack/react-query";
import { callEndpoint, callList } from "../../lib/api-client";
import { queryKeys } from "../../lib/query-keys";

// The back office's series: ordered sets of 2-30 contents listeners play through.

export type SeriesListParams = Partial<SeriesListQuery>;

/** One page of series, newest first, searched by title. */
export const seriesListQuery = (params: SeriesListParams) =>
  queryOptions({
    queryKey: [...queryKeys.series.all, "list", params],
    queryFn: ({ signal }) => callList(endpoints.series.adminList, { query: params, signal }),
    placeholderData: keepPreviousData,
  });

export const createSeries = (body: CreateSeriesBody) => callEndpoint(endpoints.series.create, { body });
export const updateSeries = (id: string, body: UpdateSeriesBody) =>
  callEndpoint(endpoints.series.update, { params: { id }, body });
export const deleteSeries = (id: string) => callEndpoint(endpoints.series.remove, { params: { id } });
