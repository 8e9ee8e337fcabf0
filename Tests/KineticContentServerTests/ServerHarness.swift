import Foundation
import KineticTestSupport
@testable import KineticContentServer

/// A raw HTTP/1.1 exchange over a socket, so that paths reach the server exactly as written (no client
/// normalises `..` or percent-encoding away).
func rawGet(port: Int, path: String, headers: [String: String] = [:]) throws -> (status: Int, headers: [String: String], body: String) {
    let socket = try TCPSocket(port: port)
    defer { socket.close() }
    var request = "GET \(path) HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n"
    for (name, value) in headers { request += "\(name): \(value)\r\n" }
    try socket.send(request + "\r\n")
    let response = try socket.receiveAll()
    let parts = response.components(separatedBy: "\r\n\r\n")
    let head = parts[0].components(separatedBy: "\r\n")
    let status = Int(head[0].split(separator: " ")[1]) ?? 0
    var fields: [String: String] = [:]
    for line in head.dropFirst() {
        let pair = line.split(separator: ":", maxSplits: 1)
        if pair.count == 2 { fields[pair[0].lowercased()] = pair[1].trimmingCharacters(in: .whitespaces) }
    }
    return (status, fields, parts.dropFirst().joined(separator: "\r\n\r\n"))
}

#if canImport(Glibc)
import Glibc
#endif

struct TCPSocket {
    let fd: Int32

    init(port: Int) throws {
        fd = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_port = in_port_t(UInt16(port).bigEndian)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var timeout = timeval(tv_sec: 5, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        let result = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { connect(fd, $0, socklen_t(MemoryLayout<sockaddr_in>.size)) }
        }
        guard result == 0 else { Glibc.close(fd); throw CocoaError(.fileReadNoPermission) }
    }

    func send(_ text: String) throws {
        let bytes = Array(text.utf8)
        guard Glibc.send(fd, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { throw CocoaError(.fileWriteUnknown) }
    }

    func receiveAll() throws -> String {
        var data = [UInt8]()
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            let count = recv(fd, &buffer, buffer.count, 0)
            if count <= 0 { break }
            data += buffer[0..<count]
        }
        return String(decoding: data, as: UTF8.self)
    }

    func close() { Glibc.close(fd) }
}
