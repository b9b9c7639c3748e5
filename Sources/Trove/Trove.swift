// One import for apps that embed Trove: `import Trove`.
@_exported public import TroveQuery
@_exported public import TroveSQLite
@_exported public import TroveStore
@_exported public import TroveSearch
