import Glibc
import TagKit

/// An IPv4 address of a network interface, as getifaddrs(3) lists it.
public struct InterfaceAddress: Equatable, Sendable {
    /// The interface's name (`eth0`, `wlan0`).
    public let interface: String
    /// The address, dotted (`192.168.1.23`).
    public let address: String
    /// Whether the interface is up (`IFF_UP`).
    public let isUp: Bool
    /// Whether the interface is the loopback (`IFF_LOOPBACK`).
    public let isLoopback: Bool
}

/// The address `tagproj open --lan` serves on besides 127.0.0.1, so that a phone on the same
/// network can open the editor: the IPv4 address of the interface the default route goes through,
/// or, without one, the first IPv4 address of an interface that is up and not the loopback.
///
/// The choice is a pure function of the interfaces' addresses and the route table
/// (``choose(from:defaultRouteInterface:)``, ``defaultRouteInterface(routeTable:)``);
/// ``current()`` reads both from the system.
public struct LANAddress: Equatable, Sendable {
    /// The address chosen.
    public let chosen: InterfaceAddress
    /// Whether it is the default route's interface's (otherwise the first one up).
    public let isDefaultRoute: Bool
    /// The other addresses that could have been chosen, in the system's order.
    public let others: [InterfaceAddress]

    /// The address to serve on among `addresses`: the first of `defaultRouteInterface`'s, else the
    /// first of any interface that is up; never the loopback's or 0.0.0.0. Nil when there is none.
    public static func choose(from addresses: [InterfaceAddress], defaultRouteInterface: String?) -> LANAddress? {
        let candidates = addresses.filter {
            $0.isUp && !$0.isLoopback && !$0.address.hasPrefix("127.") && $0.address != "0.0.0.0"
        }
        let routed = defaultRouteInterface.flatMap { name in candidates.first { $0.interface == name } }
        guard let chosen = routed ?? candidates.first else { return nil }
        return LANAddress(chosen: chosen, isDefaultRoute: routed != nil, others: candidates.filter { $0 != chosen })
    }

    /// The interface of the IPv4 default route in `routeTable` (the text of `/proc/net/route`):
    /// among the routes that are up with destination and mask 0, the one of lowest metric.
    public static func defaultRouteInterface(routeTable: String) -> String? {
        var best: (interface: String, metric: Int)?
        for line in routeTable.split(separator: "\n").dropFirst() {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            guard fields.count >= 8, fields[1] == "00000000", fields[7] == "00000000",
                  let flags = Int(fields[3], radix: 16), flags & 1 != 0,  // RTF_UP
                  let metric = Int(fields[6]) else { continue }
            if best.map({ metric < $0.metric }) ?? true { best = (String(fields[0]), metric) }
        }
        return best?.interface
    }

    /// The address to serve on, from this machine's interfaces (getifaddrs(3)) and route table.
    /// - Throws: ``LANAddressError`` when no interface that is up has an IPv4 address other than
    ///   the loopback's, or the interfaces cannot be listed.
    public static func current() throws -> LANAddress {
        // A /proc file has no size to read up to; the default route is among the first lines.
        let table = (try? FileIO.readPrefix("/proc/net/route", count: 1 << 16)).map { String(decoding: $0, as: UTF8.self) }
        let addresses = try interfaceAddresses()
        guard let chosen = choose(from: addresses, defaultRouteInterface: table.flatMap(defaultRouteInterface(routeTable:))) else {
            throw LANAddressError.noAddress
        }
        return chosen
    }

    /// Every IPv4 address of every interface, in getifaddrs(3)'s order.
    static func interfaceAddresses() throws -> [InterfaceAddress] {
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0 else { throw LANAddressError.cannotList(String(cString: strerror(errno))) }
        defer { freeifaddrs(list) }
        var result: [InterfaceAddress] = []
        var entry = list
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            guard let socketAddress = current.pointee.ifa_addr, socketAddress.pointee.sa_family == sa_family_t(AF_INET) else { continue }
            var text = [CChar](repeating: 0, count: Int(INET_ADDRSTRLEN))
            var address = socketAddress.withMemoryRebound(to: sockaddr_in.self, capacity: 1) { $0.pointee.sin_addr }
            guard inet_ntop(AF_INET, &address, &text, socklen_t(text.count)) != nil else { continue }
            let dotted = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let flags = current.pointee.ifa_flags
            result.append(InterfaceAddress(interface: String(cString: current.pointee.ifa_name), address: dotted,
                                           isUp: flags & UInt32(IFF_UP) != 0, isLoopback: flags & UInt32(IFF_LOOPBACK) != 0))
        }
        return result
    }
}

/// No address to serve the editor on the network.
public enum LANAddressError: TagProjError, Equatable {
    /// No interface that is up has an IPv4 address other than the loopback's.
    case noAddress
    /// getifaddrs(3) failed, for this reason.
    case cannotList(String)

    /// One line naming why.
    public var message: String {
        switch self {
        case .noAddress: tr("no network to serve on: no interface that is up has an IPv4 address other than {address}", ["address": "127.0.0.1"])
        // TRANSLATORS: {reason} is the system's description of the error.
        case .cannotList(let reason): tr("cannot list the network interfaces: {reason}", ["reason": reason])
        }
    }
    /// The editor cannot be served on the network.
    public var meaning: ErrorMeaning { .notPossible }
    /// What to do about it.
    public var advice: String? { self == .noAddress ? tr("connect this machine to the phone's network (Wi-Fi or Ethernet) first") : nil }
}
