/// A view model cannot read the environment: `--style environment` leaves it to `--style init`.
final class EntriesViewModel {
    func total() -> Int { EntryStore.shared.count() }
}
