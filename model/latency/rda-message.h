/*
 * SPDX-License-Identifier: GPL-2.0-only
 */
#ifndef RDA_MESSAGE_H
#define RDA_MESSAGE_H

#include "lda-sketch.h"
#include "rda-sketch.h"

#include <cstddef>
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace ns3
{

/**
 * \ingroup chronometry
 * \brief The 5-tuple that keys a measured flow (addresses as host-order integers).
 */
struct RdaFlowKey
{
    uint32_t src{0};      //!< source IPv4 address
    uint32_t dst{0};      //!< destination IPv4 address
    uint16_t srcPort{0};  //!< source port
    uint16_t dstPort{0};  //!< destination port
    uint8_t protocol{17}; //!< IP protocol (17: UDP)

    /**
     * \param o other key
     * \return lexicographic order
     */
    bool operator<(const RdaFlowKey& o) const;
    /**
     * \param o other key
     * \return equality of all five fields
     */
    bool operator==(const RdaFlowKey& o) const;
    /** \return "a.b.c.d:p->e.f.g.h:q/17" */
    std::string ToString() const;
};

/**
 * \ingroup chronometry
 * \brief Control messages between the RDA measurement points (simulator-free codec).
 *
 * Wire format (big endian): magic 'R' 'D', version 2, type (1 byte), interval (4 bytes),
 * flow 5-tuple (source address 4, destination address 4, source port 2, destination port
 * 2, protocol 1), then the type's fields:
 *  - SIGNATURE (receiver -> sender): set size (8), flows the receiver saw in the interval
 *    (2), n (2), n x 8-byte MinHash values;
 *  - SKETCH_REQUEST (sender -> receiver): banks (1), buckets per bank (4), checksum (1),
 *    seed (8);
 *  - SKETCH_CHUNK (receiver -> sender): total cells (4), offset (4), checksum (1), n (2),
 *    n buckets {id, [checksum,] timestamp sum, count} (32 bytes, or 24 without checksum);
 *  - TS_REQUEST (sender -> receiver): batch (4), n (2), n x 8-byte identifiers;
 *  - TS_REPLY (receiver -> sender): batch (4), n (2), n x {id (8), timestamp ns (8)};
 *  - RAW_REQUEST (sender -> receiver): nothing (the receiver's whole log is asked for);
 *  - RAW_CHUNK (receiver -> sender): total entries (4), offset (4), n (2),
 *    n x {id (8), timestamp ns (8)};
 *  - LDA_REQUEST (sender -> receiver): buckets (4), seed (8);
 *  - LDA_CHUNK (receiver -> sender): total buckets (4), offset (4), n (2),
 *    n x {timestamp sum (8), count (8)};
 *  - FC_REQUEST (sender -> receiver): buckets (4), stash entries (4), seed (8);
 *  - FC_CHUNK (receiver -> sender): total buckets (4), offset (4), n (2),
 *    n x {timestamp sum (8), count (8), identifier parity (8)};
 *  - FC_STASH (receiver -> sender): total entries (4), offset (4), n (2),
 *    n x {id (8), timestamp ns (8)}.
 * The last five carry the baselines (LDA, FineComb) the sender runs beside RDA on the same
 * packets (RdaSender::Baselines).
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
        TS_REPLY = 5,       //!< their receiver timestamps
        RAW_REQUEST = 6,    //!< ask for the receiver's whole (id, timestamp) log
        RAW_CHUNK = 7,      //!< a slice of that log
        LDA_REQUEST = 8,    //!< ask for the receiver's LDA of a flow's interval
        LDA_CHUNK = 9,      //!< a slice of that LDA
        FC_REQUEST = 10,    //!< ask for the receiver's FineComb and its stash
        FC_CHUNK = 11,      //!< a slice of that FineComb
        FC_STASH = 12       //!< a slice of the receiver's FineComb stash
    };

    /** Wire format version. */
    static constexpr uint8_t VERSION = 2;

    Type type{SIGNATURE};                 //!< message type
    uint32_t interval{0};                 //!< measurement interval index
    RdaFlowKey flow;                      //!< the flow it is about
    uint64_t setSize{0};                  //!< SIGNATURE: receiver's distinct packets
    uint16_t flows{0};                    //!< SIGNATURE: flows the receiver saw
    std::vector<uint64_t> values;         //!< SIGNATURE: MinHash values; TS_REQUEST: ids
    uint8_t banks{0};                     //!< SKETCH_REQUEST
    uint32_t buckets{0};                  //!< SKETCH_REQUEST: buckets per bank; LDA/FC_REQUEST
    uint32_t stashSize{0};                //!< FC_REQUEST: stash entries asked for
    bool checksum{true};                  //!< SKETCH_REQUEST, SKETCH_CHUNK
    uint64_t seed{0};                     //!< SKETCH_REQUEST, LDA_REQUEST, FC_REQUEST
    uint32_t totalCells{0};               //!< chunks: cells, buckets or entries in all
    uint32_t offset{0};                   //!< chunks: first index; TS_*: batch number
    std::vector<RdaSketch::Bucket> cells; //!< SKETCH_CHUNK
    std::vector<std::pair<uint64_t, int64_t>> stamps; //!< TS_REPLY, RAW_CHUNK, FC_STASH
    std::vector<LdaSketch::Bucket> ldaCells;          //!< LDA_CHUNK
    std::vector<FineCombSketch::Bucket> fcCells;      //!< FC_CHUNK

    /** Largest LDA or FineComb bucket count a request may ask for. */
    static constexpr uint32_t MAX_BASELINE_BUCKETS = 1u << 22;

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
    /** \return bytes of the common header (magic, version, type, interval, flow) */
    static size_t HeaderBytes();
    /**
     * \param entries (id, timestamp) pairs
     * \return encoded size of a RAW_CHUNK holding them
     */
    static size_t RawChunkBytes(size_t entries);
    /**
     * \param cells buckets
     * \param checksum checksum field on
     * \return encoded size of a SKETCH_CHUNK holding them
     */
    static size_t SketchChunkBytes(size_t cells, bool checksum);
    /**
     * \param buckets LDA buckets
     * \return encoded size of an LDA_CHUNK holding them
     */
    static size_t LdaChunkBytes(size_t buckets);
    /**
     * \param buckets FineComb buckets
     * \return encoded size of an FC_CHUNK holding them
     */
    static size_t FineCombChunkBytes(size_t buckets);

    /**
     * Expected wire bytes of getting a flow's interval as a sketch, with 28 bytes of IPv4 and
     * UDP headers per packet: the SKETCH_REQUEST, the sketch in chunks, then a TS_REQUEST and
     * its TS_REPLY per batch of receiver-only identifiers.
     * \param cells the sketch's buckets (all banks)
     * \param chunkCells buckets per SKETCH_CHUNK
     * \param checksum checksum field on
     * \param receiverOnly expected receiver-only packets
     * \param stampBatch receiver-only identifiers per TS_REQUEST
     * \return the bytes
     */
    static double SketchExchangeBytes(uint64_t cells,
                                      uint64_t chunkCells,
                                      bool checksum,
                                      double receiverOnly,
                                      size_t stampBatch);

    /**
     * Wire bytes of getting a flow's interval as the receiver's raw log, with 28 bytes of IPv4
     * and UDP headers per packet: the RAW_REQUEST and the log in chunks of up to twice
     * \p chunkCells entries (at most MAX_ITEMS).
     * \param entries the receiver's (id, timestamp) pairs
     * \param chunkCells buckets per SKETCH_CHUNK
     * \return the bytes
     */
    static uint64_t RawExchangeBytes(uint64_t entries, uint64_t chunkCells);

  private:
    /**
     * Append the fields of LDA_REQUEST, FC_REQUEST, LDA_CHUNK or FC_CHUNK.
     * \param out the encoding so far (common header written)
     */
    void EncodeBaseline(std::vector<uint8_t>& out) const;
};

} // namespace ns3

#endif
