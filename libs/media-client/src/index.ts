export { MediaClient, MediaClientError, publicMediaUrl, type MediaClientOptions, type MediaFile, type MediaUpload } from './media-client';
export { OCTET_STREAM, SNIFF_BYTES, sniffMimeType } from './mime-sniffer';
export { mediaUpstreamError } from './media-upstream-error';
