/// Where previews' helpers live.
enum PreviewSupport {}
