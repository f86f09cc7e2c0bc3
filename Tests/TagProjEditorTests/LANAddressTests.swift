import Testing
@testable import TagProjEditor

@Suite struct LANAddressTests {
    static let loopback = InterfaceAddress(interface: "lo", address: "127.0.0.1", isUp: true, isLoopback: true)
    static let docker = InterfaceAddress(interface: "docker0", address: "172.17.0.1", isUp: true, isLoopback: false)
    static let wifi = InterfaceAddress(interface: "wlan0", address: "192.168.1.23", isUp: true, isLoopback: false)
    static let cable = InterfaceAddress(interface: "eth0", address: "10.0.0.5", isUp: false, isLoopback: false)

    @Test func theDefaultRoutesInterfaceIsChosen() throws {
        let lan = try #require(LANAddress.choose(from: [Self.loopback, Self.docker, Self.wifi], defaultRouteInterface: "wlan0"))
        #expect(lan.chosen == Self.wifi)
        #expect(lan.isDefaultRoute)
        #expect(lan.others == [Self.docker])
    }

    @Test func withoutADefaultRouteTheFirstInterfaceUpIsChosen() throws {
        let lan = try #require(LANAddress.choose(from: [Self.loopback, Self.cable, Self.docker, Self.wifi], defaultRouteInterface: nil))
        #expect(lan.chosen == Self.docker)
        #expect(!lan.isDefaultRoute)
        #expect(lan.others == [Self.wifi])
    }

    @Test func aDefaultRouteThroughAnInterfaceThatIsDownIsPassedOver() throws {
        let lan = try #require(LANAddress.choose(from: [Self.cable, Self.wifi], defaultRouteInterface: "eth0"))
        #expect(lan.chosen == Self.wifi)
        #expect(!lan.isDefaultRoute)
    }

    @Test func loopbackAloneIsNoNetwork() {
        let unspecified = InterfaceAddress(interface: "dummy0", address: "0.0.0.0", isUp: true, isLoopback: false)
        #expect(LANAddress.choose(from: [Self.loopback, Self.cable, unspecified], defaultRouteInterface: "lo") == nil)
        #expect(LANAddressError.noAddress.meaning == .notPossible)
        #expect(LANAddressError.noAddress.message.contains("no interface that is up"))
    }

    @Test func theDefaultRouteIsTheUpRouteToEverywhereOfLowestMetric() {
        let table = """
            Iface\tDestination\tGateway \tFlags\tRefCnt\tUse\tMetric\tMask\t\tMTU\tWindow\tIRTT
            eth0\t00000000\t0101A8C0\t0002\t0\t0\t50\t00000000\t0\t0\t0
            wlan0\t00000000\t0101A8C0\t0003\t0\t0\t600\t00000000\t0\t0\t0
            eth1\t00000000\t0100000A\t0003\t0\t0\t100\t00000000\t0\t0\t0
            wlan0\t0001A8C0\t00000000\t0001\t0\t0\t0\t00FFFFFF\t0\t0\t0

            """
        // eth0's is not up (flags 0002); of the others, eth1's metric is the lower.
        #expect(LANAddress.defaultRouteInterface(routeTable: table) == "eth1")
        #expect(LANAddress.defaultRouteInterface(routeTable: "Iface\tDestination\n") == nil)
    }
}
