/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RDA_MESSAGE_H
#define RDA_MESSAGE_H

#include "rda-sketch.h"

#include <cstddef>
#include <cstdint>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief Control messages between the RDA measurement points (simulator-free codec).
 *
 * Wire format (big endian): magic 'R' 'D', version 1, type (1 byte), interval (4 bytes),
 * then the type's fields:
 *  - SIGNATURE (receiver -> sender): set size (8), n (2), n x 8-byte MinHash values;
 *  - SKETCH_REQUEST (sender -> receiver): banks (1), buckets per bank (4), checksum (1),
 *    seed (8);
 *  - SKETCH_CHUNK (receiver -> sender): total cells (4), offset (4), n (2), n x 32-byte
 *    buckets {id, checksum, timestamp sum, count};
 *  - TS_REQUEST (sender -> receiver): n (2), n x 8-byte identifiers;
 *  - TS_REPLY (receiver -> sender): n (2), n x {id (8), timestamp ns (8)}.
 * Decode() rejects anything truncated, with trailing bytes, a wrong magic/version/type or
 * inconsistent sizes.
 */
struct RdaMessage
{
    /** Message types. */
    enum Type : uint8_t
    {
        SIGNATURE = 1,      //!< receiver's set size and MinHash signature
        SKETCH_REQUEST = 2, //!< late-bound sketch geometry
        SKETCH_CHUNK = 3,   //!< a slice of the receiver's sketch
        TS_REQUEST = 4,     //!< identifiers of receiver-only packets
        TS_REPLY = 5        //!< their receiver timestamps
    };

    Type type{SIGNATURE};                 //!< message type
    uint32_t interval{0};                 //!< measurement interval index
    uint64_t setSize{0};                  //!< SIGNATURE: receiver's distinct packets
    std::vector<uint64_t> values;         //!< SIGNATURE: MinHash values; TS_REQUEST: identifiers
    uint8_t banks{0};                     //!< SKETCH_REQUEST
    uint32_t buckets{0};                  //!< SKETCH_REQUEST: buckets per bank
    bool checksum{true};                  //!< SKETCH_REQUEST
    uint64_t seed{0};                     //!< SKETCH_REQUEST
    uint32_t totalCells{0};               //!< SKETCH_CHUNK
    uint32_t offset{0};                   //!< SKETCH_CHUNK: first cell index
    std::vector<RdaSketch::Bucket> cells; //!< SKETCH_CHUNK
    std::vector<std::pair<uint64_t, int64_t>> stamps; //!< TS_REPLY

    /** Largest count of items in one message (keeps datagrams below 64 KiB). */
    static constexpr uint16_t MAX_ITEMS = 1500;

    /** \return encoded bytes */
    std::vector<uint8_t> Encode() const;
    /**
     * \param data bytes
     * \param length length
     * \param[out] out decoded message
     * \return false for a malformed message (out unspecified)
     */
    static bool Decode(const uint8_t* data, size_t length, RdaMessage& out);
};

} // namespace ns3

#endif
