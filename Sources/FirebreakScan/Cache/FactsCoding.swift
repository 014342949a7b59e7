/// How each fact type is laid out in the cache, field by field in declaration order.

extension FileFacts: CompactCodable {
    func write(to writer: inout CompactWriter) {
        writer.write(path)
        writer.write(imports)
        writer.write(declarations)
        writer.write(memberAccesses)
        writer.write(instantiations)
        writer.write(references)
        writer.write(suppressions)
        writer.write(lines)
        writer.write(hasSyntaxErrors)
        writer.write(lineCount)
        writer.write(codeLineCount)
        writer.write(tokenCount)
        writer.write(complexity)
        writer.write(closureCount)
        writer.write(expressionTokenCount)
        writer.write(typeCheckMicroseconds)
        writer.write(bodyTokenCount)
    }

    init(from reader: inout CompactReader) throws {
        self.init(
            path: try reader.string(), imports: try reader.array(of: ImportFact.self),
            declarations: try reader.array(of: DeclarationFact.self),
            memberAccesses: try reader.array(of: MemberAccessFact.self),
            instantiations: try reader.array(of: InstantiationFact.self),
            references: try reader.array(of: ReferenceFact.self), suppressions: try reader.array(of: SuppressionFact.self),
            lines: try reader.array(of: SourceLine.self), hasSyntaxErrors: try reader.bool(),
            lineCount: try reader.natural(), codeLineCount: try reader.natural(), tokenCount: try reader.natural(),
            complexity: try reader.natural(), closureCount: try reader.natural(),
            expressionTokenCount: try reader.natural(), typeCheckMicroseconds: try reader.natural(), bodyTokenCount: try reader.natural())
        guard indexesAreInBounds else { throw CompactReader.Corrupted() }
    }

    /// Every index into `declarations` points at one, and a declaration's parent comes before it
    /// (the walk appends a type before its members), so a chain of parents always ends.
    private var indexesAreInBounds: Bool {
        let count = declarations.count
        func valid(_ index: Int?) -> Bool { index.map { $0 >= 0 && $0 < count } ?? true }
        return declarations.indices.allSatisfy { index in declarations[index].parent.map { $0 >= 0 && $0 < index } ?? true }
            && memberAccesses.allSatisfy { valid($0.context.declaration) }
            && instantiations.allSatisfy { valid($0.context.declaration) }
            && references.allSatisfy { valid($0.owner) }
    }
}

extension SourcePosition: CompactCodable {
    func write(to writer: inout CompactWriter) {
        writer.write(line)
        writer.write(column)
    }

    init(from reader: inout CompactReader) throws {
        self.init(line: try reader.natural(), column: try reader.natural())
    }
}

extension SourceLine: CompactCodable {
    func write(to writer: inout CompactWriter) {
        writer.write(number)
        writer.write(text)
    }

    init(from reader: inout CompactReader) throws {
        self.init(number: try reader.natural(), text: try reader.string())
    }
}

extension ImportFact: CompactCodable {
    func write(to writer: inout CompactWriter) {
        writer.write(path)
        writer.write(kind)
        writer.write(attributes)
        writer.write(position)
    }

    init(from reader: inout CompactReader) throws {
        self.init(path: try reader.strings(), kind: try reader.optionalString(), attributes: try reader.strings(),
                  position: try reader.value(SourcePosition.self))
    }
}

extension StaticPropertyFact: CompactCodable {
    func write(to writer: inout CompactWriter) {
        writer.write(name)
        writer.write(typeName)
        writer.write(holdsOwnInstance)
        writer.write(position)
    }

    init(from reader: inout CompactReader) throws {
        self.init(name: try reader.string(), typeName: try reader.optionalString(),
                  holdsOwnInstance: try reader.bool(), position: try reader.value(SourcePosition.self))
    }
}

extension MemberFact: CompactCodable {
    func write(to writer: inout CompactWriter) {
        writer.write(name)
        writer.write(case: kind)
        writer.write(isStatic)
        writer.write(isWitness)
        writer.write(isStored)
        writer.write(startLine)
        writer.write(endLine)
        writer.write(codeLines)
    }

    init(from reader: inout CompactReader) throws {
        self.init(name: try reader.string(), kind: try reader.enumCase(MemberKind.self), isStatic: try reader.bool(),
                  isWitness: try reader.bool(), isStored: try reader.bool(), startLine: try reader.natural(), endLine: try reader.natural(),
                  codeLines: try reader.natural())
    }
}

extension DeclarationFact: CompactCodable {
    func write(to writer: inout CompactWriter) {
        writer.write(case: kind)
        writer.write(name)
        writer.write(parent)
        writer.write(genericParameters)
        writer.write(inheritance)
        writer.write(attributes)
        writer.write(staticProperties)
        writer.write(members)
        writer.write(usedMembers)
        writer.write(startLine)
        writer.write(endLine)
        writer.write(codeLines)
        writer.write(isDebugOnly)
        writer.write(isPrivate)
    }

    init(from reader: inout CompactReader) throws {
        self.init(
            kind: try reader.enumCase(DeclarationKind.self), name: try reader.string(), parent: try reader.optionalInt(),
            genericParameters: try reader.strings(), inheritance: try reader.strings(), attributes: try reader.strings(),
            staticProperties: try reader.array(of: StaticPropertyFact.self), members: try reader.array(of: MemberFact.self),
            usedMembers: try reader.strings(), startLine: try reader.natural(), endLine: try reader.natural(),
            codeLines: try reader.natural())
        isDebugOnly = try reader.bool()
        isPrivate = try reader.bool()
    }
}

extension SiteContext: CompactCodable {
    func write(to writer: inout CompactWriter) {
        writer.write(declaration)
        writer.write(Int(flags.rawValue))
        writer.write(defaultArgumentOf)
    }

    init(from reader: inout CompactReader) throws {
        let declaration = try reader.optionalInt()
        guard let flags = UInt8(exactly: try reader.int()) else { throw CompactReader.Corrupted() }
        self.init(declaration: declaration, flags: SiteFlags(rawValue: flags), defaultArgumentOf: try reader.optionalString())
    }
}

extension MemberAccessFact: CompactCodable {
    func write(to writer: inout CompactWriter) {
        writer.write(base)
        writer.write(member)
        writer.write(isCall)
        writer.write(isImplicit)
        writer.write(position)
        writer.write(context)
        writer.write(chainedMember)
        writer.write(chainedArgument)
    }

    init(from reader: inout CompactReader) throws {
        self.init(base: try reader.string(), member: try reader.string(), isCall: try reader.bool(),
                  isImplicit: try reader.bool(), position: try reader.value(SourcePosition.self),
                  context: try reader.value(SiteContext.self), chainedMember: try reader.optionalString(),
                  chainedArgument: try reader.optionalString())
    }
}

extension InstantiationFact: CompactCodable {
    func write(to writer: inout CompactWriter) {
        writer.write(typeName)
        writer.write(argumentLabels)
        writer.write(position)
        writer.write(context)
    }

    init(from reader: inout CompactReader) throws {
        self.init(typeName: try reader.string(), argumentLabels: try reader.strings(),
                  position: try reader.value(SourcePosition.self), context: try reader.value(SiteContext.self))
    }
}

extension ReferenceFact: CompactCodable {
    func write(to writer: inout CompactWriter) {
        writer.write(name)
        writer.write(case: kind)
        writer.write(staticMember)
        writer.write(owner)
        writer.write(member)
        writer.write(position)
    }

    init(from reader: inout CompactReader) throws {
        self.init(name: try reader.string(), kind: try reader.enumCase(ReferenceKind.self),
                  staticMember: try reader.optionalString(), owner: try reader.optionalInt(),
                  member: try reader.optionalString(), position: try reader.value(SourcePosition.self))
    }
}

extension SuppressionFact: CompactCodable {
    func write(to writer: inout CompactWriter) {
        writer.write(command?.rawValue)
        writer.write(commandText)
        writer.write(rules)
        writer.write(position)
    }

    init(from reader: inout CompactReader) throws {
        let command = try reader.optionalString().map { text in
            guard let command = Command(rawValue: text) else { throw CompactReader.Corrupted() }
            return command
        }
        self.init(command: command, commandText: try reader.string(), rules: try reader.strings(),
                  position: try reader.value(SourcePosition.self))
    }
}

extension InputDiagnostic: CompactCodable {
    func write(to writer: inout CompactWriter) {
        writer.write(path)
        writer.write(message)
    }

    init(from reader: inout CompactReader) throws {
        self.init(path: try reader.string(), message: try reader.string())
    }
}
