import Foundation
import RealmSwift

/// The concrete database layer.
final class RealmManager {
    static let shared = RealmManager()

    private let realm: Realm

    init() {
        realm = try! Realm()
    }

    func save(_ user: User) throws {
        try realm.write { realm.add(UserObject(user)) }
    }

    func cachedUser(id: String) -> User? {
        realm.object(ofType: UserObject.self, forPrimaryKey: id)?.user
    }
}

final class UserObject: Object {
    @Persisted(primaryKey: true) var id = ""
    @Persisted var name = ""

    convenience init(_ user: User) {
        self.init()
        id = user.id
        name = user.name
    }

    var user: User { User(id: id, name: name) }
}
