/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
// Test-only helpers shared by the suites that check wire formats: octets from hex, hand-built
// UDP datagrams written into a pcap file, and a shell command (tshark) run for its output.
#ifndef CHRONOMETRY_WIRE_TEST_UTIL_H
#define CHRONOMETRY_WIRE_TEST_UTIL_H

#include <array>
#include <cctype>
#include <cstdint>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace ns3
{
namespace wiretest
{

/**
 * \param hex octets as hex pairs, spaces and '|' ignored
 * \return the octets
 */
inline std::vector<uint8_t>
Hex(const std::string& hex)
{
    std::vector<uint8_t> out;
    std::string digits;
    for (char c : hex)
    {
        if (std::isxdigit(static_cast<unsigned char>(c)))
        {
            digits.push_back(c);
        }
    }
    for (size_t i = 0; i + 1 < digits.size(); i += 2)
    {
        out.push_back(static_cast<uint8_t>(std::stoul(digits.substr(i, 2), nullptr, 16)));
    }
    return out;
}

/** One UDP datagram in an Ethernet / IPv4 frame, as a pcap record. */
struct UdpFrame
{
    std::vector<uint8_t> ethernet; //!< destination MAC, source MAC, EtherType (14 octets)
    std::array<uint8_t, 4> source; //!< IPv4 source address
    std::array<uint8_t, 4> target; //!< IPv4 destination address
    uint8_t ttl;                   //!< IPv4 time to live
    uint16_t sourcePort;           //!< UDP source port
    uint16_t targetPort;           //!< UDP destination port
    std::vector<uint8_t> payload;  //!< the UDP payload
};

/**
 * Write the frames to a pcap file (microsecond time stamps, link type Ethernet), each with a
 * valid IPv4 header checksum and a zero (absent) UDP checksum, record i at i microseconds.
 * \param path file to write
 * \param frames the frames
 */
inline void
WriteUdpPcap(const std::string& path, const std::vector<UdpFrame>& frames)
{
    std::ofstream f(path, std::ios::binary);
    auto le = [&f](uint64_t v, int n) {
        for (int i = 0; i < n; ++i)
        {
            f.put(static_cast<char>(v >> (8 * i)));
        }
    };
    // Global header: magic, version 2.4, zone 0, accuracy 0, snaplen, link type 1.
    le(0xA1B2C3D4, 4);
    le(2, 2);
    le(4, 2);
    le(0, 4);
    le(0, 4);
    le(65535, 4);
    le(1, 4);
    uint32_t n = 0;
    for (const auto& u : frames)
    {
        std::vector<uint8_t> frame = u.ethernet;
        const auto udpLength = static_cast<uint16_t>(8 + u.payload.size());
        const auto ipLength = static_cast<uint16_t>(20 + udpLength);
        std::vector<uint8_t> ip = {0x45,
                                   0,
                                   static_cast<uint8_t>(ipLength >> 8),
                                   static_cast<uint8_t>(ipLength),
                                   0,
                                   static_cast<uint8_t>(n),
                                   0,
                                   0,
                                   u.ttl,
                                   17,
                                   0,
                                   0};
        ip.insert(ip.end(), u.source.begin(), u.source.end());
        ip.insert(ip.end(), u.target.begin(), u.target.end());
        uint32_t sum = 0;
        for (size_t i = 0; i < ip.size(); i += 2)
        {
            sum += (ip[i] << 8) | ip[i + 1];
        }
        while (sum >> 16)
        {
            sum = (sum & 0xFFFF) + (sum >> 16);
        }
        ip[10] = static_cast<uint8_t>(~sum >> 8);
        ip[11] = static_cast<uint8_t>(~sum);
        frame.insert(frame.end(), ip.begin(), ip.end());
        const std::vector<uint8_t> udp = {static_cast<uint8_t>(u.sourcePort >> 8),
                                          static_cast<uint8_t>(u.sourcePort),
                                          static_cast<uint8_t>(u.targetPort >> 8),
                                          static_cast<uint8_t>(u.targetPort),
                                          static_cast<uint8_t>(udpLength >> 8),
                                          static_cast<uint8_t>(udpLength),
                                          0,
                                          0};
        frame.insert(frame.end(), udp.begin(), udp.end());
        frame.insert(frame.end(), u.payload.begin(), u.payload.end());
        le(++n, 4);
        le(0, 4);
        le(frame.size(), 4);
        le(frame.size(), 4);
        f.write(reinterpret_cast<const char*>(frame.data()),
                static_cast<std::streamsize>(frame.size()));
    }
}

/**
 * \param command a shell command
 * \return its standard output
 */
inline std::string
RunCommand(const std::string& command)
{
    std::string out;
    FILE* pipe = popen(command.c_str(), "r");
    if (pipe == nullptr)
    {
        return out;
    }
    char buffer[4096];
    size_t n;
    while ((n = fread(buffer, 1, sizeof(buffer), pipe)) > 0)
    {
        out.append(buffer, n);
    }
    pclose(pipe);
    return out;
}

/**
 * \param file a pcap trace
 * \return the frames Wireshark's dissectors mark malformed or warn about (frame number and
 *         message, one per line; empty: the trace is clean). Needs /usr/bin/tshark.
 */
inline std::string
TsharkProblems(const std::string& file)
{
    return RunCommand("/usr/bin/tshark -n -r " + file +
                      " -Y '_ws.malformed || _ws.expert.severity >= 6291456' -T fields -e "
                      "frame.number -e _ws.expert.message 2>/dev/null");
}

} // namespace wiretest
} // namespace ns3

#endif // CHRONOMETRY_WIRE_TEST_UTIL_H
