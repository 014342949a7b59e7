import Foundation

final class ArchivedViewModel: NSObject, NSCoding {
    var title = ""

    override init() {
        super.init()
    }

    required init?(coder: NSCoder) {
        title = coder.decodeObject(forKey: "title") as? String ?? ""
        super.init()
    }

    func encode(with coder: NSCoder) {
        coder.encode(APIClient.shared.fetch(title), forKey: "title")
    }
}
