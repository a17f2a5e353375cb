import Foundation
import Hummingbird
import TaskServerApp

// TaskServer [--rules FOLDER] [--host HOST] [--port PORT]: the seeds' endpoints on the rules in FOLDER.
var options: [String: String] = ["--rules": "rules", "--host": "127.0.0.1", "--port": "8080"]
var arguments = CommandLine.arguments.dropFirst()
while let name = arguments.popFirst() {
    guard options[name] != nil, let value = arguments.popFirst() else {
        FileHandle.standardError.write(Data("usage: TaskServer [--rules FOLDER] [--host HOST] [--port PORT]\n".utf8))
        exit(2)
    }
    options[name] = value
}
guard let port = Int(options["--port"]!), (0...65535).contains(port) else {
    FileHandle.standardError.write(Data("error: --port takes a number from 0 to 65535\n".utf8))
    exit(2)
}
do {
    let rules = try TaskServerApp.rules(in: options["--rules"]!)
    try await TaskServerApp.application(rules: rules, host: options["--host"]!, port: port).runService()
} catch {
    FileHandle.standardError.write(Data("error: \(error)\n".utf8))
    exit(2)
}
